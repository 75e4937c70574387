// `BENCH_ONLY=offsite bun run bench` (issue 21): off-site backups of a site with BENCH_PHOTOS photos (200 of
// BENCH_PHOTO_KB = 500 KB, incompressible: ~100 MB) to a real S3 server (s3rver, loopback), encrypted with age. Prints
// the first (full) copy's time and bytes, then, for one contact message, the time until a copy holding it is in the
// bucket and the bytes sent for it (goal: <= 60 s and <= 5 % of the site's size), and /api/events p99 while each
// copy runs. The server runs from source (bun src/main.ts), as the tests start it.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "@tests/server.ts";
import { startS3 } from "@tests/support/s3.ts";

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 200);
const PHOTO_KB = Number(process.env.BENCH_PHOTO_KB ?? 500);
const PASSWORD = "bench-admin-password";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const s3 = await startS3();
const dir = mkdtempSync(join(tmpdir(), "vedanta-bench-offsite-"));
try {
  const keyFile = join(dir, "key.txt");
  Bun.spawnSync(["age-keygen", "-o", keyFile]);
  const recipient = /age1[0-9a-z]+/.exec(await Bun.file(keyFile).text())![0];
  const uploads = join(dir, "data", "uploads");
  mkdirSync(uploads, { recursive: true });
  for (let index = 0; index < PHOTOS; index += 1) {
    const bytes = new Uint8Array(PHOTO_KB * 1024);
    for (let offset = 0; offset < bytes.length; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, offset + 65536));
    writeFileSync(join(uploads, `photo-${String(index).padStart(3, "0")}.jpg`), bytes);
  }
  const env = { ADMIN_PASSWORD: PASSWORD, ...s3.env, BACKUP_AGE_RECIPIENT: recipient };
  const started = performance.now();
  const server = await startServer({ dir, appData: "demo", env });
  try {
    const token = (
      (await (
        await fetch(`${server.url}/api/admin/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ username: "admin", password: PASSWORD }),
        })
      ).json()) as { token: string }
    ).token;
    type State = { lastCopy: { name: string; createdAt: string } | null; running: boolean; lastError: { message: string } | null };
    const state = async () =>
      (await (await fetch(`${server.url}/api/admin/backups/offsite`, { headers: { Authorization: `Bearer ${token}` } })).json()) as State;
    const bytesOf = (name: string) =>
      Number(new RegExp(`Off-site backup ${name.replace(/\./g, "\\.")} copied \\((\\d+) bytes sent\\)`).exec(server.logs())?.[1] ?? Number.NaN);
    /** Reads /api/events back to back until a copy taken at or after `since` is complete; returns the latencies. */
    const untilCopied = async (since: number, timeoutMs: number) => {
      const latencies: number[] = [];
      const deadline = performance.now() + timeoutMs;
      for (let checked = 0; ; ) {
        const asked = performance.now();
        await (await fetch(`${server.url}/api/events`)).arrayBuffer();
        latencies.push(performance.now() - asked);
        if (performance.now() - checked > 100) {
          checked = performance.now();
          const now = await state();
          if (now.lastCopy && Date.parse(now.lastCopy.createdAt) >= since && !now.running) return { copy: now.lastCopy, latencies };
          if (performance.now() > deadline) throw new Error(`no copy within ${timeoutMs} ms: ${JSON.stringify(now)}`);
        }
      }
    };
    const first = await untilCopied(0, 600_000);
    const firstSeconds = (performance.now() - started) / 1000;
    const siteBytes =
      readdirSync(uploads).reduce((sum, name) => sum + statSync(join(uploads, name)).size, 0) + statSync(join(dir, "data", "site.db")).size;
    console.log(
      `off-site, first copy of a site of ${PHOTOS} photos (${mb(siteBytes)}), encrypted, to s3rver on loopback: ${firstSeconds.toFixed(1)} s from start, ` +
        `${mb(bytesOf(first.copy.name))} sent; /api/events p99 meanwhile ${percentile(first.latencies, 0.99).toFixed(1)} ms (${first.latencies.length} reads)`,
    );
    for (let i = 0; i < 200; i++) await (await fetch(`${server.url}/api/events`)).arrayBuffer();
    const quiet: number[] = [];
    for (let i = 0; i < 300; i++) {
      const asked = performance.now();
      await (await fetch(`${server.url}/api/events`)).arrayBuffer();
      quiet.push(performance.now() - asked);
    }
    const sentAt = Date.now();
    const sent = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Bench Visitor", email: "bench@example.org", subject: "Bench", message: "A message whose copy is timed." }),
    });
    if (sent.status !== 201) throw new Error(`contact: ${sent.status}`);
    const next = await untilCopied(sentAt, 120_000);
    const seconds = (Date.now() - sentAt) / 1000;
    const bytes = bytesOf(next.copy.name);
    console.log(
      `off-site, one contact message: in the bucket after ${seconds.toFixed(1)} s (goal <= 60 s), ${(bytes / 1024).toFixed(1)} KB sent = ` +
        `${((100 * bytes) / siteBytes).toFixed(3)} % of the site (goal <= 5 %); /api/events p99 ${percentile(next.latencies, 0.99).toFixed(1)} ms ` +
        `while it was copied (${next.latencies.length} reads), ${percentile(quiet, 0.99).toFixed(1)} ms idle`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
}
