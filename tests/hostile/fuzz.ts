// Generated hostile bodies for every write endpoint: bad JSON, wrong types, huge strings, deep nesting,
// __proto__/constructor keys, wrong content types, junk multipart, unknown fields. Seeded, so runs repeat.
import type { Rng } from "./support.ts";

/** Written only into fields no schema knows: it must never reach the database. */
export const UNKNOWN_MARKER = "ZZUNKNOWNZZ";
/** An id a client tries to choose; no create route may store it. */
export const CHOSEN_ID = 777777;

export type FuzzBody = { kind: string; contentType: string | null; body: string | Uint8Array | null };

const PNG_1X1 = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"),
);
const PDF_MIN = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A valid body for each write route (pattern as in the sources), the starting point of the mutations. */
export function templateFor(method: string, path: string): Record<string, unknown> | "multipart-image" | "multipart-pdf" | null {
  const key = `${method} ${path}`;
  switch (key) {
    case "POST /api/contact":
      return { name: "Ann", email: "ann@example.org", subject: "Hello", message: "A message long enough." };
    case "POST /api/newsletter":
      return { email: "reader@example.org" };
    case "POST /api/events/:id/registrations":
      return { name: "Ann", email: "ann@example.org", phone: "0400000000", additionalInfo: "vegetarian" };
    case "POST /api/admin/login":
      return { username: "admin", password: "wrong-password" };
    case "POST /api/admin/reset-password":
      return { username: "admin", currentPassword: "wrong-password", newPassword: "another-password" };
    case "POST /api/admin/youtube-api-key":
      return { apiKey: "AIzaFuzzKey" };
    case "PATCH /api/admin/profile":
      return {
        name: "Teacher",
        title: "Teacher of Yoga",
        biography: "<p>Long enough biography.</p>",
        quote: "Be light.",
        profileImage: "",
        email: "t@example.org",
      };
    case "POST /api/admin/profile/image":
      return "multipart-image";
    case "POST /api/admin/events/:id/attachment":
      return "multipart-pdf";
    case "POST /api/admin/events":
    case "PATCH /api/admin/events/:id":
      return {
        name: "Retreat",
        type: "retreat",
        startDate: "2099-05-01",
        time: "9 AM",
        location: "Hall",
        description: "<p>Ten or more characters.</p>",
        images: ["https://example.org/a.jpg"],
        isHighlighted: false,
      };
    case "POST /api/admin/classes":
    case "PATCH /api/admin/classes/:id":
      return {
        name: "Hatha",
        level: "Beginner",
        days: "Mon",
        time: "6 PM",
        location: "Hall",
        description: "<p>Ten or more characters.</p>",
        icon: "yoga",
      };
    case "POST /api/admin/archive-events":
    case "PATCH /api/admin/archive-events/:id":
      return {
        title: "Old retreat",
        date: "May 2020",
        type: "retreat",
        year: "2020",
        description: "<p>Ten or more characters.</p>",
        image: "https://example.org/a.jpg",
      };
    case "POST /api/admin/notifications":
    case "PATCH /api/admin/notifications/:id":
      return { message: "<p>Notice text</p>", startDate: "2020-01-01", type: "info", isActive: true };
    case "POST /api/admin/import-data":
      return {
        version: 1,
        events: [
          {
            id: 1,
            name: "Imported",
            type: "retreat",
            startDate: "2099-01-01",
            time: "9",
            location: "Hall",
            description: "<p>Imported event text.</p>",
          },
        ],
        classes: [],
        archiveEvents: [],
        messages: [{ id: 1, name: "Ann", email: "ann@example.org", subject: "Hi", message: "Imported message text." }],
        subscribers: [{ id: 1, email: "imported@example.org" }],
        profile: null,
        notifications: [],
      };
    default:
      return null;
  }
}

const BAD_JSON = [
  "",
  "{",
  "}",
  "[",
  '{"a":}',
  '{"a" 1}',
  "{'a':1}",
  "{a:1}",
  '{"a":1,}',
  "[1,2,",
  "nul",
  "tru",
  "undefined",
  "NaN",
  '{"a":"\\ud800"}',
  '{"a":"\\x41"}',
  "\uFEFF{}",
  "\u0000",
  '{"a":1}{"b":2}',
  '{"a":01}',
  '{"a":1e999999}',
  '{"a":-}',
  '{"__proto__":',
  '"unterminated',
  '{"a":[1,2,3}',
  '{"\\u0000":1}',
  "/* c */{}",
  '{"a":"\n"}',
];

function randomValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(0, 13)) {
    case 0:
      return rng.int(-1e9, 1e9);
    case 1:
      return rng.pick([0, -1, 1e308, -1e308, 1.5, Number.MAX_SAFE_INTEGER + 2]);
    case 2:
      return rng.chance(0.5);
    case 3:
      return null;
    case 4:
      return [];
    case 5:
      return {};
    case 6:
      return depth < 3 ? [randomValue(rng, depth + 1), randomValue(rng, depth + 1)] : [1];
    case 7:
      return depth < 3 ? { a: randomValue(rng, depth + 1) } : {};
    case 8:
      return "";
    case 9:
      return " \t\n ";
    case 10:
      return "x".repeat(rng.int(1, 5000));
    case 11:
      return rng.pick([
        "<script>alert(1)</script>",
        "javascript:alert(1)",
        "../../etc/passwd",
        "%00",
        "\u0000",
        "' OR 1=1 --",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, literal on purpose
        "${7*7}",
        "{{7*7}}",
        "\u202e",
        "🙏".repeat(50),
      ]);
    case 12:
      return rng.pick([
        "2099-02-30",
        "9999-99-99",
        "2020-1-1",
        "yesterday",
        "not@",
        "@x.y",
        "a@b",
        "http://",
        "data:text/html,x",
        "/uploads/../../x",
      ]);
    default:
      return String(rng.int(0, 99999));
  }
}

function hugeString(rng: Rng): string {
  const size = rng.pick([10_001, 100_001, 500_000, 1_500_000]);
  return rng.pick(["A", "é", "😀", "<p>", "\u0000", " "]).repeat(Math.ceil(size / 2));
}

function nested(rng: Rng): string {
  const depth = rng.pick([1_000, 10_000, 100_000]);
  return rng.chance(0.5) ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

/** Bytes from the seeded PRNG (crypto's random bytes would not repeat). */
const randomBytes = (rng: Rng, length: number) => Uint8Array.from({ length }, () => rng.int(0, 255));

const json = (value: unknown): FuzzBody => ({ kind: "", contentType: "application/json", body: JSON.stringify(value) });

function multipart(rng: Rng, template: "multipart-image" | "multipart-pdf", valid: boolean): FuzzBody {
  const boundary = `----fuzz${rng.int(0, 1e9)}`;
  const field = template === "multipart-image" ? "image" : "file";
  const file = template === "multipart-image" ? PNG_1X1 : PDF_MIN;
  const head = (name: string, filename: string, type: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const bytes = (...parts: (string | Uint8Array)[]) =>
    Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part))));
  if (valid)
    return { kind: "", contentType: `multipart/form-data; boundary=${boundary}`, body: bytes(head(field, "../../x.png", "image/png"), file, tail) };
  switch (rng.int(0, 9)) {
    case 0:
      return { kind: "", contentType: "multipart/form-data", body: bytes(head(field, "a.png", "image/png"), file, tail) };
    case 1:
      return { kind: "", contentType: `multipart/form-data; boundary=${boundary}`, body: bytes(head(field, "a.png", "image/png"), file) };
    case 2:
      return { kind: "", contentType: `multipart/form-data; boundary=${boundary}x`, body: bytes(head(field, "a.png", "image/png"), file, tail) };
    case 3:
      return { kind: "", contentType: `multipart/form-data; boundary=${boundary}`, body: bytes(head("other", "a.png", "image/png"), file, tail) };
    case 4:
      return {
        kind: "",
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: bytes(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\njust text${tail}`),
      };
    case 5:
      return {
        kind: "",
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: bytes(head(field, "x\u0000.png", "image/png"), "<html><script>alert(1)</script>", tail),
      };
    case 6:
      return { kind: "", contentType: `multipart/form-data; boundary=${boundary}`, body: bytes(head(field, "a.png", "image/png"), tail) };
    case 7:
      return {
        kind: "",
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: bytes(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${"A".repeat(20_000)}"\r\n\r\n`, file, tail),
      };
    case 8:
      return { kind: "", contentType: `multipart/form-data; boundary=${boundary}`, body: randomBytes(rng, rng.int(1, 4096)) };
    default:
      return {
        kind: "",
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: bytes(
          ...Array.from({ length: 200 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="p${i}"\r\n\r\nv\r\n`),
          `--${boundary}--\r\n`,
        ),
      };
  }
}

/** The i-th hostile body for a route, cycling through the kinds; the same seed gives the same bodies. */
export function fuzzBody(rng: Rng, template: ReturnType<typeof templateFor>, i: number): FuzzBody {
  const kinds = [
    "badJson",
    "wrongTypes",
    "hugeString",
    "deepNesting",
    "protoKeys",
    "wrongContentType",
    "junkMultipart",
    "unknownFields",
    "randomBytes",
    "notAnObject",
  ] as const;
  const kind = kinds[i % kinds.length]!;
  const base = typeof template === "object" && template !== null ? template : {};
  const fields = Object.keys(base);
  const withKind = (body: FuzzBody) => ({ ...body, kind });
  if (typeof template === "string") {
    // Upload routes: mostly junk multipart, the rest the other kinds (a JSON body is as hostile to them).
    if (kind === "junkMultipart" || kind === "wrongTypes" || kind === "unknownFields") return withKind(multipart(rng, template, false));
    if (kind === "notAnObject") return withKind(multipart(rng, template, true));
  }
  switch (kind) {
    case "badJson": {
      if (rng.chance(0.5)) return withKind({ kind, contentType: "application/json", body: rng.pick(BAD_JSON) });
      const text = JSON.stringify(base);
      return withKind({ kind, contentType: "application/json", body: text.slice(0, rng.int(0, Math.max(0, text.length - 1))) });
    }
    case "wrongTypes": {
      const body: Record<string, unknown> = { ...base };
      for (let n = rng.int(1, 3); n > 0 && fields.length; n--) body[rng.pick(fields)] = randomValue(rng);
      if (rng.chance(0.2) && fields.length) delete body[rng.pick(fields)];
      return withKind(json(body));
    }
    case "hugeString": {
      const body: Record<string, unknown> = { ...base };
      body[fields.length ? rng.pick(fields) : "x"] = hugeString(rng);
      return withKind(json(body));
    }
    case "deepNesting": {
      const inner = nested(rng);
      if (rng.chance(0.5) || !fields.length) return withKind({ kind, contentType: "application/json", body: inner });
      const text = JSON.stringify(base);
      return withKind({ kind, contentType: "application/json", body: `{"${rng.pick(fields)}":${inner},${text.slice(1)}` });
    }
    case "protoKeys": {
      const poison = `{"polluted":"${UNKNOWN_MARKER}","isAdmin":true,"isRead":true,"isHighlighted":true,"id":${CHOSEN_ID}}`;
      const text = JSON.stringify(base).slice(1, -1);
      const variants = [
        `{"__proto__":${poison}${text ? `,${text}` : ""}}`,
        `{"constructor":{"prototype":${poison}}${text ? `,${text}` : ""}}`,
        `{${text}${text ? "," : ""}"__proto__":${poison},"prototype":${poison}}`,
        `{${text}${text ? "," : ""}"toString":"${UNKNOWN_MARKER}","hasOwnProperty":1,"valueOf":null}`,
        fields.length ? `{${text},"${rng.pick(fields)}":{"__proto__":${poison}}}` : `{"__proto__":${poison}}`,
        `[{"__proto__":${poison}}]`,
      ];
      return withKind({ kind, contentType: "application/json", body: rng.pick(variants) });
    }
    case "wrongContentType": {
      const contentType = rng.pick([
        null,
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/xml",
        "text/html",
        "application/json; charset=utf-16",
        "application/octet-stream",
        "multipart/form-data",
        "image/png",
        "application/jsonx",
        "*/*",
      ]);
      const body = rng.chance(0.5) ? JSON.stringify(base) : new URLSearchParams(Object.entries(base).map(([k, v]) => [k, String(v)])).toString();
      return withKind({ kind, contentType, body });
    }
    case "junkMultipart":
      return withKind(multipart(rng, "multipart-image", false));
    case "unknownFields": {
      const body: Record<string, unknown> = {
        ...base,
        id: CHOSEN_ID,
        createdAt: "1999-01-01T00:00:00Z",
        isRead: true,
        tokenVersion: 99,
        role: "admin",
        [`extra_${rng.int(0, 99)}`]: UNKNOWN_MARKER,
      };
      body[`${UNKNOWN_MARKER}_key`] = UNKNOWN_MARKER;
      return withKind(json(body));
    }
    case "randomBytes": {
      const bytes = randomBytes(rng, rng.int(1, 8192));
      return withKind({ kind, contentType: rng.pick(["application/json", "application/json; charset=utf-8", null]), body: bytes });
    }
    default:
      return withKind({
        kind,
        contentType: "application/json",
        body: rng.pick(["[]", "null", "1", '"str"', "true", "[{}]", JSON.stringify([base])]),
      });
  }
}
