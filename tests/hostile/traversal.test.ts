// Issue 6 item 9: 200 path variants against the static files and the uploads, written byte for byte on the socket
// (fetch would normalise them): no file outside the served folders is ever readable.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { figure, rawRequest, type Server, startServer } from "./support.ts";

let server: Server;
beforeAll(async () => {
  server = await startServer();
  // A secret beside the uploads and the database: none of the variants may reach them.
  writeFileSync(join(server.dataDir, "secret.txt"), "TOP-SECRET-CANARY");
});
afterAll(async () => {
  await server?.stop();
  server?.remove();
});

/** The web app's HTML page (it shows the spec's 404 itself for unknown page paths). */
const isShell = (response: { status: number; headers: string; body: Buffer }) =>
  response.status === 200 &&
  /content-type: text\/html/i.test(response.headers) &&
  response.body.toString("latin1", 0, 15).toLowerCase() === "<!doctype html>";

function variants(): string[] {
  const targets = [
    "site.db",
    "jwt-secret",
    "secret.txt",
    "etc/passwd",
    "package.json",
    "src/main.ts",
    ".env",
    "proc/self/environ",
    "data/site.db",
    "index.html",
  ];
  const ups = [
    "../",
    "..%2f",
    "%2e%2e/",
    "%2e%2e%2f",
    "..%5c",
    "..\\",
    "%252e%252e%252f",
    "....//",
    "..;/",
    "%c0%ae%c0%ae/",
    ".%2e/",
    "%2e./",
    "..%00/",
    "..%2F",
  ];
  const bases = ["/", "/uploads/", "/assets/", "/fonts/", "/api/../", "/uploads/x/"];
  const paths = new Set<string>();
  // Built below: the hand-written cases first, then every base × climb × depth until there are 200.
  for (let depth = 1; depth <= 4 && paths.size < 170; depth++) {
    for (const base of bases) {
      for (const up of ups) {
        const target = targets[(paths.size + up.length + depth) % targets.length]!;
        paths.add(`${base}${up.repeat(depth)}${target}`);
      }
    }
  }
  const extras: string[] = [];
  for (const target of targets) {
    extras.push(`/uploads/${target}`);
    extras.push(
      `/uploads/%2e%2e%2f${encodeURIComponent(target)}`,
      `//${target}`,
      `/./${target}`,
      `/${target}%00.png`,
      `/uploads/${target}%00.jpg`,
      `/${encodeURIComponent(`/${target}`)}`,
    );
  }
  for (const extra of [
    "/.git/config",
    "/.env",
    "/.env.local",
    "/node_modules/elysia/package.json",
    "/db/schema.ts",
    "/app_data/manifest.json",
    "/data/site.db",
    "/backups/",
    "/uploads/.htaccess",
    "/uploads/..",
    "/uploads/.",
    "/uploads/%2e",
    "/%2e%2e",
    "/..",
    "/uploads/a.png/..%2f..%2fsite.db",
    "/uploads/x.jpg%2f..%2f..%2fsite.db",
    "/index.html/../../site.db",
  ])
    extras.push(extra);
  const all = new Set([...extras, ...paths]);
  return [...all].slice(0, 200);
}

test("200 traversal variants: 404 (or the app shell for a page path), never a file outside the served folders", async () => {
  const paths = variants();
  expect(paths.length).toBe(200);
  const secrets = [
    "TOP-SECRET-CANARY",
    "SQLite format 3",
    "root:x:0:0",
    '"dependencies"',
    "hostile-jwt-secret",
    "import { ",
    "[core]",
    "ADMIN_PASSWORD",
  ];
  const wrong: string[] = [];
  const counts = { 404: 0, shell: 0, 400: 0, other: 0 };
  for (const path of paths) {
    for (const method of ["GET", "HEAD"]) {
      const response = await rawRequest(server.port, `${method} ${path} HTTP/1.1`);
      const body = response.body.toString("latin1");
      for (const secret of secrets) if (body.includes(secret)) wrong.push(`${method} ${path}: leaked ${secret.slice(0, 20)}`);
      if (method === "HEAD") continue;
      if (response.status === 404) counts[404] += 1;
      else if (response.status === 400) counts[400] += 1;
      else if (isShell(response)) counts.shell += 1;
      else {
        counts.other += 1;
        wrong.push(`${method} ${path}: ${response.status} ${body.slice(0, 80)}`);
      }
      if (/\.(db|txt|json|ts|png|jpg|html|config)(%00.*)?$/i.test(path) && response.status !== 404 && response.status !== 400) {
        // A path naming a file must not get the app shell either (only page paths do).
        if (!isShell(response)) wrong.push(`${path}: ${response.status}`);
      }
    }
  }
  figure(
    "traversal variants",
    `${paths.length} × GET+HEAD: ${counts[404]}×404, ${counts[400]}×400, ${counts.shell}× app shell (page paths), ${counts.other} other; secrets leaked: ${wrong.filter((w) => w.includes("leaked")).length}`,
  );
  expect(wrong).toEqual([]);
  expect(server.alive()).toBe(true);
}, 120_000);

test("inside the uploads folder only the server's own names are served: no dotfile, temp file, text, database or copy under any prefix", async () => {
  const uploads = join(server.dataDir, "uploads");
  const planted: Record<string, string> = {
    ".env": "ADMIN_PASSWORD=planted",
    ".a1b2c3.png.tmp": "TEMP-CANARY",
    "notes.txt": "TEXT-CANARY",
    "site.db": "SQLite format 3 CANARY",
    "index.html": "<!doctype html>HTML-CANARY",
    "abc.png.bak": "BAK-CANARY",
  };
  for (const [name, text] of Object.entries(planted)) writeFileSync(join(uploads, name), text);
  writeFileSync(join(uploads, "served_1.png"), "PNG-CANARY");
  const wrong: string[] = [];
  for (const name of Object.keys(planted)) {
    for (const prefix of ["/uploads/", "/uploads//", "/uploads/./", "/calendar/../uploads/", "/api/../uploads/", "/uploads/x/../"]) {
      for (const suffix of ["", "?w=320", "%00.png"]) {
        const path = `${prefix}${encodeURIComponent(name).replace(/%2E/g, ".")}${suffix}`;
        const response = await rawRequest(server.port, `GET ${path} HTTP/1.1`);
        if (/CANARY|ADMIN_PASSWORD/.test(response.body.toString("latin1"))) wrong.push(`${path}: ${response.status}`);
      }
    }
  }
  expect(wrong).toEqual([]);
  // The server's own names are served (the check above is not a 404 for everything).
  expect((await rawRequest(server.port, "GET /uploads/served_1.png HTTP/1.1")).body.toString()).toBe("PNG-CANARY");
});
