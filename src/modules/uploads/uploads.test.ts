import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { configureLog } from "@server/lib/log.ts";
import { ATTACHMENT_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from "@server/shared/constants.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { createEvent } from "@tests/support/factories.ts";
import { MULTIPART_OVERHEAD_BYTES } from "./service.ts";

// Tiny valid files (1×1 pixels; `file(1)` names each correctly).
const b64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));
const IMAGES = {
  jpg: new Uint8Array([
    ...b64(
      "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    ),
    0xff,
    0xd9,
  ]),
  png: b64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  gif: b64("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"),
  webp: b64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="),
};
const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const text = (value: string) => new TextEncoder().encode(value);
const GENERATED = /^\/uploads\/[A-Za-z0-9_-]{22}\.(jpg|png|gif|webp|pdf)$/;

let t: TestApp;
let token: string;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  eventId = createEvent(t.db).id;
});
afterAll(() => t.cleanup());

const uploadsDir = () => join(t.config.dataDir, "uploads");

// Raw requests throughout: an upload is multipart bytes its route reads itself (no body model to type), and the files
// are served outside the API, with headers and bytes to check.

/** A multipart POST with `bytes` as `field` (filename and declared type chosen by the "client"). */
function upload(path: string, field: string, bytes: Uint8Array<ArrayBuffer>, options: { filename?: string; type?: string; auth?: boolean } = {}) {
  const form = new FormData();
  form.append(field, new File([bytes], options.filename ?? "upload.bin", { type: options.type ?? "application/octet-stream" }));
  return t.request("POST", path, { body: form, token: options.auth === false ? null : token });
}

async function json(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A request whose body is produced on demand; `pulled()` tells how much of it the server read. */
function streamingRequest(path: string, totalBytes: number, headers: Record<string, string>, prefix = IMAGES.png) {
  let sent = 0;
  const boundary = "----fake-boundary";
  const head = text(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = sent === 0 ? new Uint8Array([...head, ...prefix]) : new Uint8Array(Math.min(256 * 1024, totalBytes - sent));
      sent += chunk.byteLength;
      controller.enqueue(chunk);
      if (sent >= totalBytes) controller.close();
    },
  });
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: stream,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": `multipart/form-data; boundary=${boundary}`, ...headers },
  });
  return { response: t.app.handle(request), pulled: () => sent };
}

describe("POST /api/admin/profile/image", () => {
  for (const [ext, bytes] of Object.entries(IMAGES)) {
    test(`a ${ext.toUpperCase()} is stored under a generated name and served back`, async () => {
      const response = await upload("/api/admin/profile/image", "image", bytes, { filename: `../../evil name.${ext}.php`, type: "text/html" });
      const { status, body } = await json(response);
      expect(status).toBe(200);
      const path = body.profileImage as string;
      expect(path).toMatch(GENERATED);
      expect(path.endsWith(`.${ext}`)).toBe(true);
      expect(path).not.toContain("evil");
      expect(new Uint8Array(readFileSync(join(uploadsDir(), path.slice("/uploads/".length))))).toEqual(bytes);

      const served = await t.request("GET", path);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(ext === "jpg" ? "image/jpeg" : `image/${ext}`);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("content-disposition")).toBeNull();
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    });
  }

  test("two uploads of the same file get different names; no temp files are left behind", async () => {
    const first = (await json(await upload("/api/admin/profile/image", "image", IMAGES.png))).body.profileImage;
    const second = (await json(await upload("/api/admin/profile/image", "image", IMAGES.png))).body.profileImage;
    expect(first).not.toBe(second);
    expect(readdirSync(uploadsDir()).filter((name) => name.startsWith("."))).toEqual([]);
  });

  test("event and archive photos go through /api/admin/uploads/image with the same checks", async () => {
    const stored = await json(await upload("/api/admin/uploads/image", "image", IMAGES.jpg));
    expect(stored.status).toBe(200);
    expect(stored.body.url).toMatch(/^\/uploads\/[\w-]+\.jpg$/);
    const refused = await json(await upload("/api/admin/uploads/image", "image", text("<svg onload=alert(1)>"), { type: "image/png" }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Selected file is not an image.");
    expect((await upload("/api/admin/uploads/image", "image", IMAGES.png, { auth: false })).status).toBe(401);
  });

  const notImages: [string, Uint8Array<ArrayBuffer>, string][] = [
    ["HTML named .png", text("<!doctype html><script>alert(1)</script>"), "image/png"],
    ["SVG named .png", text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'), "image/png"],
    [
      "a PNG signature followed by HTML",
      new Uint8Array([...IMAGES.png.subarray(0, 8), ...text("<html><script>alert(1)</script></html>")]),
      "image/png",
    ],
    ["GIF89a followed by script", text("GIF89a<script>alert(1)</script>"), "image/gif"],
    ["RIFF that is not WEBP", text("RIFF\x10\x00\x00\x00WAVEfmt \x10\x00\x00\x00junkjunk"), "image/webp"],
    ["a JPEG signature alone", new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg"],
    ["a PDF", PDF, "image/png"],
    ["plain text", text("just some text"), "image/jpeg"],
  ];
  for (const [name, bytes, type] of notImages) {
    test(`${name} is refused with the spec's message`, async () => {
      const before = existsSync(uploadsDir()) ? readdirSync(uploadsDir()).length : 0;
      const answer = await json(await upload("/api/admin/profile/image", "image", bytes, { filename: "photo.png", type }));
      expect(answer).toEqual({ status: 400, body: { error: "Selected file is not an image." } });
      expect(existsSync(uploadsDir()) ? readdirSync(uploadsDir()).length : 0).toBe(before);
    });
  }

  test("an image over 5 MB is refused with 413 and the spec's message", async () => {
    const big = new Uint8Array(PROFILE_IMAGE_MAX_BYTES + 1);
    big.set(IMAGES.png);
    expect(await json(await upload("/api/admin/profile/image", "image", big))).toEqual({
      status: 413,
      body: { error: "Image file is too large. Maximum size is 5MB." },
    });
    const exact = new Uint8Array(PROFILE_IMAGE_MAX_BYTES);
    exact.set(IMAGES.png);
    expect((await upload("/api/admin/profile/image", "image", exact)).status).toBe(200);
  });

  test("a too-large Content-Length is refused before any of the body is read", async () => {
    const { response, pulled } = streamingRequest("/api/admin/profile/image", 50 * 1024 * 1024, { "Content-Length": String(50 * 1024 * 1024) });
    expect(await json(await response)).toEqual({ status: 413, body: { error: "Image file is too large. Maximum size is 5MB." } });
    expect(pulled()).toBeLessThan(64 * 1024);
  });

  for (const [name, headers] of [
    ["no Content-Length", {}],
    ["a lying Content-Length", { "Content-Length": "1000" }],
  ] as const) {
    test(`with ${name}, reading stops once the limit is passed`, async () => {
      const { response, pulled } = streamingRequest("/api/admin/profile/image", 50 * 1024 * 1024, headers);
      expect(await json(await response)).toEqual({ status: 413, body: { error: "Image file is too large. Maximum size is 5MB." } });
      expect(pulled()).toBeLessThan(PROFILE_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES + 2 * 256 * 1024);
    });
  }

  test("an empty file is refused", async () => {
    expect(await json(await upload("/api/admin/profile/image", "image", new Uint8Array()))).toEqual({
      status: 400,
      body: { error: "The uploaded file is empty." },
    });
  });

  test("a missing field, a text field, junk multipart, JSON and no body are clear 400s", async () => {
    const wrongField = await json(await upload("/api/admin/profile/image", "file", IMAGES.png));
    expect(wrongField).toEqual({ status: 400, body: { error: 'No file was uploaded in the "image" field.' } });

    const form = new FormData();
    form.append("image", "not a file");
    expect((await json(await t.request("POST", "/api/admin/profile/image", { body: form, token }))).body.error).toBe(
      'No file was uploaded in the "image" field.',
    );

    const junk = await t.request("POST", "/api/admin/profile/image", {
      token,
      body: "this is not multipart at all",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    });
    expect(await json(junk)).toEqual({ status: 400, body: { error: "The upload could not be read as a multipart form." } });

    const asJson = await t.request("POST", "/api/admin/profile/image", { token, body: { image: "data:image/png;base64,AAAA" } });
    expect(await json(asJson)).toEqual({ status: 400, body: { error: 'Expected a multipart/form-data upload with the file in the "image" field.' } });

    const noBody = await t.request("POST", "/api/admin/profile/image", { token });
    expect(noBody.status).toBe(400);
  });

  test("401 without a token, before the body is read", async () => {
    expect((await upload("/api/admin/profile/image", "image", IMAGES.png, { auth: false })).status).toBe(401);
    let pulled = 0;
    const body = new ReadableStream({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
        if (pulled > 100) controller.close();
      },
    });
    const response = await t.app.handle(
      new Request("http://localhost/api/admin/profile/image", {
        method: "POST",
        body,
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
      }),
    );
    expect(response.status).toBe(401);
    expect(pulled).toBeLessThan(2);
  });
});

describe("POST /api/admin/events/:id/attachment", () => {
  test("a PDF for an existing event and for 'temp' is stored and served inline", async () => {
    for (const id of [String(eventId), "temp"]) {
      const { status, body } = await json(
        await upload(`/api/admin/events/${id}/attachment`, "file", PDF, { filename: "Programme 2030.pdf", type: "application/pdf" }),
      );
      expect(status).toBe(200);
      expect(body.fileUrl).toMatch(GENERATED);
      expect(body.fileUrl).toEndWith(".pdf");
      const served = await t.request("GET", body.fileUrl as string);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("application/pdf");
      expect(served.headers.get("content-disposition")).toBe("inline");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(PDF);
    }
  });

  test("anything but a PDF is refused with the spec's message", async () => {
    for (const bytes of [IMAGES.png, text("<html>%PDF-1.4</html>"), text("%PDF")]) {
      expect(await json(await upload("/api/admin/events/temp/attachment", "file", bytes, { filename: "doc.pdf", type: "application/pdf" }))).toEqual({
        status: 400,
        body: { error: "Please upload a PDF file" },
      });
    }
  });

  test("an unknown or malformed event id is 404 'Event not found'", async () => {
    for (const id of ["999999", "0", "abc", "-1", "1.5"]) {
      expect(await json(await upload(`/api/admin/events/${id}/attachment`, "file", PDF))).toEqual({
        status: 404,
        body: { error: "Event not found" },
      });
    }
  });

  test(`over ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB is 413, also from the Content-Length alone`, async () => {
    const big = new Uint8Array(ATTACHMENT_MAX_BYTES + 1);
    big.set(PDF);
    expect(await json(await upload("/api/admin/events/temp/attachment", "file", big))).toEqual({
      status: 413,
      body: { error: "File is too large. Maximum size is 20MB." },
    });
    const { response, pulled } = streamingRequest(
      "/api/admin/events/temp/attachment",
      100 * 1024 * 1024,
      { "Content-Length": String(100 * 1024 * 1024) },
      PDF,
    );
    expect((await response).status).toBe(413);
    expect(pulled()).toBeLessThan(64 * 1024);
  });

  test("the field is 'file', and the route needs a token", async () => {
    expect((await json(await upload("/api/admin/events/temp/attachment", "image", PDF))).status).toBe(400);
    expect((await upload("/api/admin/events/temp/attachment", "file", PDF, { auth: false })).status).toBe(401);
  });

  test("a stranger is answered 401 whatever the id, before the id is checked", async () => {
    expect((await upload("/api/admin/events/not-an-id/attachment", "file", PDF, { auth: false })).status).toBe(401);
    expect((await json(await upload("/api/admin/events/not-an-id/attachment", "file", PDF))).body).toEqual({ error: "Event not found" });
  });
});

describe("GET /uploads/:name", () => {
  test("HEAD answers the headers without a body", async () => {
    const path = (await json(await upload("/api/admin/profile/image", "image", IMAGES.gif))).body.profileImage as string;
    const response = await t.request("HEAD", path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/gif");
    expect(response.headers.get("content-length")).toBe(String(IMAGES.gif.byteLength));
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  test("only generated names of stored files are served; traversal and odd names are 404", async () => {
    mkdirSync(uploadsDir(), { recursive: true });
    writeFileSync(join(uploadsDir(), ".pending.png.tmp"), "temp");
    writeFileSync(join(uploadsDir(), "notes.txt"), "secret notes");
    writeFileSync(join(uploadsDir(), "page.html"), "<script>alert(1)</script>");
    writeFileSync(join(t.config.dataDir, "secret.png"), "outside the uploads folder");
    const paths = [
      "/uploads/missing0000000000000000.png",
      "/uploads/notes.txt",
      "/uploads/page.html",
      "/uploads/.pending.png.tmp",
      "/uploads/..%2fsecret.png",
      "/uploads/%2e%2e%2fsecret.png",
      "/uploads/%2E%2E%2Fsecret.png",
      "/uploads/..%5csecret.png",
      "/uploads/%252e%252e%252fsecret.png",
      "/uploads/sub%2fsecret.png",
      "/uploads/secret.png%00",
      "/uploads/secret%00.png",
      "/uploads/secret.png%00.png",
      "/uploads/secret.PNG",
      "/uploads/",
      "/uploads",
    ];
    for (const path of paths) {
      const response = await t.request("GET", path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(await response.text()).not.toContain("outside the uploads folder");
    }
    // Dot segments are resolved by the URL parser before routing, so these never reach /uploads at all.
    for (const path of ["/uploads/../secret.png", "/uploads/%2e%2e/secret.png", "/uploads/./../data/secret.png"]) {
      const response = await t.request("GET", path);
      expect(response.status).not.toBe(200);
      expect(await response.text()).not.toContain("outside the uploads folder");
    }
  });
});

describe("GET /uploads/:name?w=<width> (resized photos)", () => {
  /** A JPEG of `width`×`height` made from the 1×1 PNG. */
  const photo = (width: number, height: number) => new Bun.Image(IMAGES.png).resize(width, height).jpeg().bytes() as Promise<Uint8Array<ArrayBuffer>>;
  const stored = async (bytes: Uint8Array<ArrayBuffer>) => (await json(await upload("/api/admin/uploads/image", "image", bytes))).body.url as string;
  const cacheDir = () => join(t.config.dataDir, "image-cache");

  test("a stored photo is answered as WebP at the width asked for, never enlarged, cached for good", async () => {
    const url = await stored(await photo(1200, 800));
    const response = await t.request("GET", `${url}?w=640`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await new Bun.Image(await response.bytes()).metadata();
    expect(meta).toEqual({ width: 640, height: 426, format: "webp" });

    const wider = await t.request("GET", `${url}?w=1920`);
    expect(await new Bun.Image(await wider.bytes()).metadata()).toEqual({ width: 1200, height: 800, format: "webp" });
  });

  test("each copy is made once, however many ask at the same time, and kept on disk", async () => {
    const url = await stored(await photo(900, 600));
    const name = url.slice("/uploads/".length);
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.request("GET", `${url}?w=480`).then((r) => r.bytes())));
    expect(new Set(answers.map((bytes) => Buffer.from(bytes).toString("base64"))).size).toBe(1);
    expect(readdirSync(cacheDir()).filter((entry) => entry.startsWith(`${name}.480.`))).toHaveLength(1);
    expect(readdirSync(cacheDir()).some((entry) => entry.endsWith(".tmp"))).toBe(false);
  });

  test("a file replaced under the same name is resized again; the old copy goes", async () => {
    const url = await stored(await photo(1000, 1000));
    const name = url.slice("/uploads/".length);
    expect((await new Bun.Image(await (await t.request("GET", `${url}?w=960`)).bytes()).metadata()).height).toBe(960);
    writeFileSync(join(uploadsDir(), name), await photo(1000, 500));
    expect((await new Bun.Image(await (await t.request("GET", `${url}?w=960`)).bytes()).metadata()).height).toBe(480);
    expect(readdirSync(cacheDir()).filter((entry) => entry.startsWith(`${name}.960.`))).toHaveLength(1);
  });

  test("a photo that cannot be decoded is answered as it is, so the page still shows what was uploaded", async () => {
    const name = "undecodable0000000000.jpg";
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...text("not really a JPEG")]);
    writeFileSync(join(uploadsDir(), name), bytes);
    const response = await t.request("GET", `/uploads/${name}?w=320`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  test("other widths, GIFs, PDFs and missing files are refused with clear errors", async () => {
    const url = await stored(await photo(400, 300));
    for (const width of ["500", "abc", "", "640.0", "-320"]) {
      const { status, body } = await json(await t.request("GET", `${url}?w=${width}`));
      expect({ width, status, body }).toEqual({ width, status: 400, body: { error: "The width must be one of 320, 480, 640, 960, 1280, 1920." } });
    }
    const gif = (await json(await upload("/api/admin/uploads/image", "image", IMAGES.gif))).body.url as string;
    const pdf = (await json(await upload("/api/admin/events/temp/attachment", "file", PDF))).body.fileUrl as string;
    for (const path of [gif, pdf]) {
      expect(await json(await t.request("GET", `${path}?w=320`))).toEqual({
        status: 400,
        body: { error: "Only JPEG, PNG and WebP images are resized." },
      });
    }
    expect((await t.request("GET", "/uploads/missing0000000000000000.jpg?w=320")).status).toBe(404);
    expect((await t.request("GET", "/uploads/..%2fsecret.png?w=320")).status).toBe(404);
    // No name at all (issue 30: a 500 once).
    for (const path of ["/uploads/?w=320", "/uploads?w=320", "/uploads/?w=abc"]) {
      const response = await t.request("GET", path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  test("the request log gives the bytes sent of a resized photo, made or kept (issue 30)", async () => {
    const url = await stored(await photo(800, 600));
    const lines: string[] = [];
    configureLog({ sink: (line) => void lines.push(line) });
    try {
      const sizes: number[] = [];
      for (let i = 0; i < 2; i++) sizes.push((await (await t.request("GET", `${url}?w=320`)).bytes()).byteLength);
      await Bun.sleep(20); // the line is written after the answer
      expect(sizes[0]).toBeGreaterThan(100);
      const logged = lines.filter((line) => line.includes(`GET ${url}?w=320 `)).map((line) => /bytes=(\d+)/.exec(line)?.[1]);
      expect(logged).toEqual(sizes.map(String));
    } finally {
      configureLog({ sink: null });
    }
  });
});
