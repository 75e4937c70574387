// A newsletter survives kill -9 of the server mid-send (issue 15): after a restart on the same data every confirmed
// subscriber has their copy, and at most the one message in flight at the kill arrives twice.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { type Server, startServer } from "../../../tests/server.ts";
import { type SmtpServer, startSmtpServer } from "../../../tests/support/smtp.ts";

const ADMIN_PASSWORD = "newsletter-restart-password";
const READERS = Array.from({ length: 40 }, (_, i) => `reader${i}@example.org`);
let smtp: SmtpServer;
let server: Server;

const env = () => ({ SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", MAIL_PER_MINUTE: "600", ADMIN_PASSWORD });

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ env: env() });
});
afterAll(async () => {
  await server.stop();
  server.remove();
  await smtp.close();
});

test("kill -9 during a newsletter to 40 confirmed subscribers: after the restart each has one copy, at most one has two", async () => {
  const db = new Database(join(server.dataDir, "site.db"));
  const insert = db.prepare("insert into subscribers (email, state) values (?, 'confirmed')");
  for (const email of READERS) insert.run(email);
  db.close();
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const send = await fetch(`${server.url}/api/admin/newsletters`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ subject: "Autumn retreat", body: "<p>Join us in October.</p>" }),
  });
  expect(send.status).toBe(201);
  expect(await send.json()).toMatchObject({ message: `The newsletter is on its way to ${READERS.length} subscribers.` });

  await smtp.waitFor(8);
  await server.kill9();
  expect(smtp.received.length).toBeLessThan(READERS.length);
  server = await startServer({ dir: server.dir, env: env() });

  const addresses = () => new Set(smtp.received.flatMap((mail) => mail.envelopeTo));
  const deadline = Date.now() + 30_000;
  while (addresses().size < READERS.length && Date.now() < deadline) await Bun.sleep(50);
  await Bun.sleep(500);
  expect([...addresses()].sort()).toEqual([...READERS].sort());
  const copies = Map.groupBy(
    smtp.received.flatMap((mail) => mail.envelopeTo),
    (address) => address,
  );
  const twice = [...copies.values()].filter((list) => list.length > 1);
  expect(twice.length).toBeLessThanOrEqual(1);
  expect(twice.every((list) => list.length === 2)).toBe(true);
  expect(smtp.received.every((mail) => mail.subject === "Autumn retreat")).toBe(true);
}, 60_000);
