// A newsletter survives kill -9 of the server mid-send (issue 15): after a restart on the same data every confirmed
// subscriber has their copy, and only the one message in flight at the kill arrives twice. The SMTP server leaves the
// 8th message unanswered, so the kill finds that one in flight whatever the machine's speed.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { type Server, startServer } from "@tests/server.ts";
import { type SmtpServer, startSmtpServer } from "@tests/support/smtp.ts";

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

test("kill -9 during a newsletter to 40 confirmed subscribers: after the restart each has one copy, the one in flight two", async () => {
  const db = new Database(join(server.dataDir, "site.db"));
  const insert = db.prepare("insert into subscribers (email, state) values (?, 'confirmed')");
  for (const email of READERS) insert.run(email);
  const unsent = () => db.query<{ n: number }, []>("select count(*) as n from outbox where state != 'sent'").get()!.n;
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  smtp.leaveUnanswered(8);
  const send = await fetch(`${server.url}/api/admin/newsletters`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ subject: "Autumn retreat", body: "<p>Join us in October.</p>" }),
  });
  expect(send.status).toBe(201);
  expect(await send.json()).toMatchObject({ message: `The newsletter is on its way to ${READERS.length} subscribers.` });

  await smtp.waitFor(8);
  await server.kill9();
  expect(smtp.received).toHaveLength(8);
  const inFlight = smtp.received[7]!.envelopeTo[0]!;
  server = await startServer({ dir: server.dir, env: env() });

  // A row is marked sent only after the SMTP server answered, so with none left unsent every copy has arrived.
  const deadline = Date.now() + 30_000;
  while (unsent() > 0 && Date.now() < deadline) await Bun.sleep(50);
  db.close();
  const copies = Map.groupBy(
    smtp.received.flatMap((mail) => mail.envelopeTo),
    (address) => address,
  );
  expect([...copies.keys()].sort()).toEqual([...READERS].sort());
  expect([...copies].filter(([, list]) => list.length > 1).map(([address, list]) => [address, list.length])).toEqual([[inFlight, 2]]);
  expect(smtp.received.every((mail) => mail.subject === "Autumn retreat")).toBe(true);
}, 60_000);
