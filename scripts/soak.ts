// `bun run soak`: the long hostile runs of issue 6, bounded and on 127.0.0.1 only, each printing its figures:
//   1. malformed input at full count (1,000 bodies on every write endpoint, the disk-heavy ones included);
//   2. kill -9 during 200 concurrent posts (20 runs) and during import/restore/sync (5 runs each);
//   3. load: 50 connections for 2 minutes of public reads mixed with admin writes, RSS printed over time;
//   4. big bodies (issue 12): 2 clients sending 54 MB bodies in a loop for 30 s while / is read (p99 < 50 ms, RSS
//      < 200 MB), then 300 concurrent wrong logins (no more than the limit reach the password check);
//   5. off-site (issue 30): 200 uploads through HTTP while off-site copies run, under `stress` on every core, each in
//      the bucket within 60 s (tests/hostile/offsite-soak.ts; SOAK_UPLOADS changes the count).
// SOAK_SECONDS shortens or lengthens the load phase; SOAK_ONLY=malformed|crash|load|bodies|offsite runs one phase.
import { join } from "node:path";
import { offsiteUploadsSoak } from "@tests/hostile/offsite-soak.ts";
import { login, percentile, prng, ROOT, SEED, startServer } from "@tests/hostile/support.ts";

const only = process.env.SOAK_ONLY;
const failures: string[] = [];

async function phase(name: string, command: string[], env: Record<string, string>) {
  console.log(
    `\n=== ${name}: ${command.join(" ")} (${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")})`,
  );
  const child = Bun.spawn(command, { cwd: ROOT, env: { ...process.env, ...env }, stdout: "inherit", stderr: "inherit" });
  const code = await child.exited;
  if (code !== 0) failures.push(`${name} (exit ${code})`);
}

async function load(seconds: number, connections: number) {
  console.log(`\n=== load: ${connections} connections for ${seconds} s, public reads with admin writes`);
  const server = await startServer({ appData: "demo" });
  const rng = prng(SEED + 13);
  try {
    const token = await login(server);
    const admin = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const reads = [
      "/",
      "/api/events",
      "/api/profile",
      "/api/classes",
      "/api/archive-events",
      "/api/notifications",
      "/calendar/events.ics",
      "/healthz",
    ];
    const asset = Object.keys(
      await (await import("@server/plugins/web-assets.ts")).assetsFromDirectory(process.env.WEB_DIST ?? join(ROOT, "dist/public")),
    ).find((path) => path.endsWith(".js"));
    if (asset) reads.push(asset);
    const latencies: number[] = [];
    const writeLatencies: number[] = [];
    const errors = new Map<string, number>();
    let requests = 0;
    let writes = 0;
    const deadline = Date.now() + seconds * 1000;
    const rss: { t: number; mb: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => {
      const mb = server.rssKb() / 1024;
      rss.push({ t: Math.round((Date.now() - started) / 1000), mb });
      console.log(
        `  t=${String(rss.at(-1)!.t).padStart(3)} s  RSS ${mb.toFixed(0)} MB  requests ${requests}  writes ${writes}  errors ${[...errors.values()].reduce((a, b) => a + b, 0)}`,
      );
    }, 10_000);
    const fail = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);

    async function adminWrite(worker: number, n: number) {
      const kind = n % 4;
      const started = performance.now();
      let response: Response;
      if (kind === 0) {
        response = await fetch(`${server.url}/api/admin/classes`, {
          method: "POST",
          headers: admin,
          body: JSON.stringify({
            name: `Soak ${worker}-${n}`,
            level: "Beginner",
            days: "Mon",
            time: "6 PM",
            location: "Hall",
            description: "<p>Soak test class text.</p>",
            icon: "yoga",
          }),
        });
        const created = response.status === 201 ? ((await response.json()) as { id: number }) : null;
        if (created) {
          const patched = await fetch(`${server.url}/api/admin/classes/${created.id}`, {
            method: "PATCH",
            headers: admin,
            body: JSON.stringify({ time: "7 PM" }),
          });
          if (patched.status !== 200) fail(`PATCH class ${patched.status}`);
          await patched.arrayBuffer();
          const removed = await fetch(`${server.url}/api/admin/classes/${created.id}`, { method: "DELETE", headers: admin });
          if (removed.status !== 200) fail(`DELETE class ${removed.status}`);
          await removed.arrayBuffer();
        }
      } else if (kind === 1) {
        response = await fetch(`${server.url}/api/admin/notifications`, {
          method: "POST",
          headers: admin,
          body: JSON.stringify({ message: `<p>Soak notice ${worker}-${n}</p>`, startDate: "2020-01-01", isActive: false }),
        });
        const created = response.status === 201 ? ((await response.json()) as { id: number }) : null;
        if (created) await (await fetch(`${server.url}/api/admin/notifications/${created.id}`, { method: "DELETE", headers: admin })).arrayBuffer();
      } else if (kind === 2) {
        response = await fetch(`${server.url}/api/admin/profile`, {
          method: "PATCH",
          headers: admin,
          body: JSON.stringify({ quote: `Come and discover the lightness of life (${n}).` }),
        });
      } else {
        response = await fetch(`${server.url}/api/admin/messages`, { headers: admin });
      }
      if (response.status >= 300) fail(`admin write ${kind}: ${response.status}`);
      else await response.arrayBuffer().catch(() => {});
      writeLatencies.push(performance.now() - started);
      writes += 1;
    }

    const worker = async (id: number) => {
      let n = 0;
      while (Date.now() < deadline) {
        n += 1;
        try {
          // About one request in ten is an admin write (2 of the 50 connections are the admin's, writing all the time).
          if (id < 2 || rng.chance(0.02)) {
            await adminWrite(id, n);
          } else {
            const path = reads[Math.floor(rng.next() * reads.length)]!;
            const started = performance.now();
            const response = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": rng.chance(0.5) ? "br, gzip" : "identity" } });
            await response.arrayBuffer();
            latencies.push(performance.now() - started);
            if (response.status !== 200) fail(`GET ${path}: ${response.status}`);
          }
        } catch (error) {
          fail(`network: ${(error as Error).message}`);
        }
        requests += 1;
      }
    };
    await Promise.all(Array.from({ length: connections }, (_, id) => worker(id)));
    clearInterval(sampler);
    rss.push({ t: Math.round((Date.now() - started) / 1000), mb: server.rssKb() / 1024 });

    const busy = (server.logs().match(/SQLITE_BUSY|database is locked/g) ?? []).length;
    const third = Math.max(1, Math.floor(rss.length / 3));
    const middle = Math.max(...rss.slice(third, 2 * third).map((r) => r.mb));
    const last = Math.max(...rss.slice(2 * third).map((r) => r.mb));
    console.log(`  [figure] requests: ${requests} in ${seconds} s (${Math.round(requests / seconds)}/s), of which admin writes ${writes}`);
    console.log(
      `  [figure] public reads: ${latencies.length}, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
    );
    console.log(`  [figure] admin writes: p50 ${percentile(writeLatencies, 50).toFixed(1)} ms, p95 ${percentile(writeLatencies, 95).toFixed(1)} ms`);
    console.log(
      `  [figure] errors: ${errors.size ? [...errors].map(([k, v]) => `${k} ×${v}`).join(", ") : "none"}; SQLITE_BUSY / locked in the log: ${busy}`,
    );
    console.log(`  [figure] RSS (MB) over time: ${rss.map((r) => `${r.t}s:${r.mb.toFixed(0)}`).join(" ")}`);
    console.log(`  [figure] RSS max in the middle third ${middle.toFixed(0)} MB, in the last third ${last.toFixed(0)} MB`);
    if (errors.size) failures.push("load: errors");
    if (busy) failures.push("load: SQLITE_BUSY");
    if (!server.alive()) failures.push("load: server died");
    // Levels off: the last third may not climb more than 15% (+10 MB) above the middle third.
    if (last > middle * 1.15 + 10) failures.push(`load: memory still growing (${middle.toFixed(0)} → ${last.toFixed(0)} MB)`);
  } finally {
    await server.stop();
    server.remove();
  }
}

/** Posts 54 MB bodies to argv[1] (Content-Type argv[2]) until the time argv[3]; prints the answers' statuses as JSON. */
const BIG_BODY_SENDER = `
const [url, type, until] = process.argv.slice(-3);
const body = new Uint8Array(54 * 1024 * 1024).fill(0x20);
const statuses = {};
while (Date.now() < Number(until)) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": type }, body }).catch(() => null);
  const key = response ? response.status : "network error";
  statuses[key] = (statuses[key] ?? 0) + 1;
  await response?.arrayBuffer().catch(() => {});
}
console.log(JSON.stringify(statuses));`;

async function bodiesAndLogins(seconds: number) {
  console.log(`\n=== big bodies: 2 clients sending 54 MB bodies for ${seconds} s while / is read; then 300 concurrent wrong logins`);
  const server = await startServer({ appData: "demo", env: { TRUST_PROXY: "1" } });
  try {
    await (await fetch(`${server.url}/`)).arrayBuffer();
    const deadline = Date.now() + seconds * 1000;
    // The attackers are processes of their own, so that their sending does not delay this one's readings.
    const attacker = (path: string, contentType: string) =>
      Bun.spawn(["bun", "-e", BIG_BODY_SENDER, server.url + path, contentType, String(deadline)], { stdout: "pipe", stderr: "inherit" });
    const attackers = [attacker("/api/contact", "application/json"), attacker("/api/newsletter", "application/x-www-form-urlencoded")];
    const latencies: number[] = [];
    let rssMax = 0;
    while (Date.now() < deadline) {
      const started = performance.now();
      const response = await fetch(`${server.url}/`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      rssMax = Math.max(rssMax, server.rssKb() / 1024);
      await Bun.sleep(5);
    }
    const statuses = new Map<string, number>();
    for (const child of attackers) {
      for (const [status, count] of Object.entries(JSON.parse(await new Response(child.stdout).text()) as Record<string, number>)) {
        statuses.set(status, (statuses.get(status) ?? 0) + count);
      }
    }
    const p99 = percentile(latencies, 99);
    console.log(`  [figure] big bodies answered: ${[...statuses].map(([status, count]) => `${count}×${status}`).join(", ")}`);
    console.log(
      `  [figure] GET / meanwhile: ${latencies.length}, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; RSS max ${rssMax.toFixed(0)} MB`,
    );
    if (p99 >= 50) failures.push(`bodies: p99 of / ${p99.toFixed(1)} ms`);
    if (rssMax >= 200) failures.push(`bodies: RSS ${rssMax.toFixed(0)} MB`);
    if ([...statuses.keys()].some((status) => status !== "413")) failures.push("bodies: a big body was not refused with 413");

    const logins = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        fetch(`${server.url}/api/admin/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `198.18.${i >> 8}.${i & 255}` },
          body: JSON.stringify({ username: "admin", password: `wrong-${i}` }),
        }).then((response) => response.status),
      ),
    );
    const checked = logins.filter((status) => status === 401).length;
    console.log(
      `  [figure] 300 concurrent wrong logins from 300 addresses: ${checked} checked (401), ${logins.filter((s) => s === 429).length} refused (429)`,
    );
    if (checked > 5) failures.push(`logins: ${checked} password checks for a limit of 5`);
  } finally {
    await server.stop();
    server.remove();
  }
}

const started = performance.now();
if (!only || only === "malformed") {
  await phase("malformed input, full count", ["bun", "test", "--timeout", "1800000", "tests/hostile/malformed.test.ts"], {
    HOSTILE_BODIES: "1000",
    HOSTILE_HEAVY_BODIES: "1000",
  });
}
if (!only || only === "crash") {
  await phase("crash durability, repeated", ["bun", "test", "--timeout", "1800000", "tests/hostile/crash.test.ts"], {
    HOSTILE_CRASH_RUNS: "20",
    HOSTILE_DATA_CRASH_RUNS: "5",
  });
}
if (!only || only === "load") await load(Number(process.env.SOAK_SECONDS ?? 120), 50);
if (!only || only === "bodies") await bodiesAndLogins(30);
if (!only || only === "offsite") failures.push(...(await offsiteUploadsSoak(Number(process.env.SOAK_UPLOADS ?? 200))));

console.log(
  `\nsoak finished in ${((performance.now() - started) / 60000).toFixed(1)} min: ${failures.length ? `FAILED: ${failures.join("; ")}` : "all phases passed"}`,
);
process.exit(failures.length ? 1 : 0);
