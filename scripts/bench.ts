// `bun run bench` (issue 5): builds the executable, starts it on a temp copy of the demo data, starts the baseline
// (bench/baseline: Node + Express + better-sqlite3 on a copy of the same SQLite file, serving the same page), and
// drives both with wrk on loopback, server and load generator pinned to separate cores when there are two or more.
// Prints req/s, p99 and the server's CPU time per request for each endpoint with the ratios, the executable's size,
// start-to-first-response times (each start repeated: median and range), memory (RSS from /proc) idle after the
// start, after the first render of / and after the load, the same start and memory figures of a compiled hello-world
// Bun server (bench/floor.ts: the floor under ours), a newsletter to 5,000 subscribers through a local SMTP server
// (time, peak RSS, /api/events p99 meanwhile), and the bundle sizes. Bounded: DURATION seconds per endpoint and
// server, BENCH_STARTS starts of each kind. `BENCH_ONLY=newsletter bun run bench` builds the executable and runs the
// newsletter phase alone; `BENCH_ONLY=registrations` the registrations phase (bench/registrations.ts); `BENCH_ONLY=payments`
// the payments race and webhooks (bench/payments.ts); `BENCH_ONLY=classes` the class date race (bench/class-bookings.ts); `BENCH_ONLY=credits` the race of
// bookings with a pass's credit (bench/credit-bookings.ts); `BENCH_ONLY=reads` the public reads against a bare Bun.serve
// (bench/reads.ts) alone; `BENCH_ONLY=scale` the demo content against twenty years of it (bench/scale.ts: the HTML of
// `/`, Lighthouse mobile, each admin tab's time until ready) alone.

import { Database } from "bun:sqlite";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "@tests/server.ts";
import { $ } from "bun";
import { classBookingsBench } from "../bench/class-bookings.ts";
import { creditBookingsBench } from "../bench/credit-bookings.ts";
import { paymentsBench } from "../bench/payments.ts";
import { readsVsCeiling } from "../bench/reads.ts";
import { registrationsBench } from "../bench/registrations.ts";
import { scaleBench } from "../bench/scale.ts";
import { checkBudgets } from "./budgets.ts";

const ROOT = resolve(import.meta.dir, "..");
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** How many times each kind of start is measured (start times vary from run to run on a shared machine). */
const STARTS = Math.max(1, Number(process.env.BENCH_STARTS ?? 5));
const ENDPOINTS = ["/api/events", "/api/archive-events", "/api/profile", "/"];
const NEWSLETTER_SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 5000);
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && !["newsletter", "offsite", "registrations", "payments", "classes", "credits", "reads", "scale"].includes(ONLY)) {
  console.error(
    `BENCH_ONLY=${ONLY}: the phases that run alone are "newsletter", "offsite", "registrations", "payments", "classes", "credits", "reads" and "scale".`,
  );
  process.exit(1);
}
// Off-site backups (issue 21, bench/offsite.ts): alone with BENCH_ONLY=offsite, and first in the full run.
if (ONLY === undefined || ONLY === "offsite") await import("../bench/offsite.ts").then(() => ONLY && process.exit(0));
const cores = availableParallelism();
// Server on core 0, wrk on the others (a 2-core machine: one each).
const SERVER_CPUS = "0";
const LOAD_CPUS = cores > 1 ? `1-${cores - 1}` : "0";
const pin = (cpus: string, command: string[]) => (Bun.which("taskset") ? ["taskset", "-c", cpus, ...command] : command);

const rssMb = async (pid: number) => {
  const status = await Bun.file(`/proc/${pid}/status`).text();
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** Milliseconds from spawn until `path` answers 200 (polled every millisecond). */
async function timeToFirstResponse(
  url: string,
  started: number,
  server: { child: { exitCode: number | null }; output: () => string },
  timeoutMs = 20_000,
) {
  while (performance.now() - started < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) {
        await response.arrayBuffer();
        return performance.now() - started;
      }
    } catch {}
    await Bun.sleep(1);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function spawnServer(command: string[], env: Record<string, string>, cwd: string) {
  const child = Bun.spawn(pin(SERVER_CPUS, command), { cwd, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  let output = "";
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += new TextDecoder().decode(chunk);
  };
  void collect(child.stdout);
  void collect(child.stderr);
  return {
    child,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await Promise.race([child.exited, Bun.sleep(5000).then(() => child.kill("SIGKILL"))]);
    },
  };
}

/** Starts `command` `times` times, each until `path` answers 200; returns the times and leaves the last one running. */
async function measureStarts(command: string[], env: Record<string, string>, cwd: string, url: string, path: string, times: number) {
  const ms: number[] = [];
  let server: ReturnType<typeof spawnServer> | null = null;
  for (let i = 0; i < times; i++) {
    await server?.stop();
    const started = performance.now();
    server = spawnServer(command, env, cwd);
    ms.push(await timeToFirstResponse(`${url}${path}`, started, server));
  }
  return { ms, server: server! };
}

/** "25 ms (22–31, 5 starts)": the median and the range. */
function spread(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return sorted.length === 1
    ? `${median.toFixed(0)} ms`
    : `${median.toFixed(0)} ms (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)}, ${sorted.length} starts)`;
}

/** The CPU time the process has used so far, all threads, in microseconds (/proc/PID/stat utime + stime). */
async function cpuUs(pid: number) {
  const fields = (await Bun.file(`/proc/${pid}/stat`).text()).split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number((await $`getconf CLK_TCK`.quiet().nothrow().text()).trim()) || 100;

/** `cpuUsPerRequest`: the server's CPU time per answered request, which a busy machine disturbs less than req/s. */
type WrkResult = { rps: number; p99ms: number; errors: string; cpuUsPerRequest: number };

async function wrk(url: string, seconds: number, serverPid: number): Promise<WrkResult> {
  const cpuBefore = await cpuUs(serverPid);
  const output = await $`${pin(LOAD_CPUS, ["wrk", "-t", "1", "-c", String(CONNECTIONS), "-d", `${seconds}s`, "--latency", url])}`
    .quiet()
    .nothrow()
    .text();
  const cpuUsPerRequest = ((await cpuUs(serverPid)) - cpuBefore) / Number(/(\d+) requests in/.exec(output)?.[1] ?? Number.NaN);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(output);
  const p99ms = p99 ? Number(p99[1]) * (p99[2] === "us" ? 0.001 : p99[2] === "s" ? 1000 : 1) : Number.NaN;
  const errors = [/Socket errors:[^\n]*/.exec(output)?.[0], /Non-2xx or 3xx responses:[^\n]*/.exec(output)?.[0]].filter(Boolean).join("; ");
  return { rps, p99ms, errors, cpuUsPerRequest };
}

/** The executable's settings on a fresh data folder under `dir`, with a copy of the demo app_data, on a free port. */
function siteOn(dir: string) {
  const dataDir = join(dir, "data");
  const appDataDir = join(dir, "app_data");
  cpSync(join(ROOT, "app_data"), appDataDir, { recursive: true });
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_DATA_DIR: appDataDir,
    ADMIN_PASSWORD: "bench-admin-password",
    SITE_URL: url,
    YOUTUBE_API_BASE: "http://127.0.0.1:9/unreachable",
    WEB_DIST: "",
  };
  return { dataDir, env, url };
}

/**
 * A newsletter to NEWSLETTER_SUBSCRIBERS confirmed subscribers through a local SMTP server (smtp-server, counting what
 * arrives): the time until every message is delivered, the server's peak RSS, and `/api/events` p99 meanwhile.
 */
async function newsletterSend(exe: string, dir: string) {
  const { SMTPServer } = await import("smtp-server");
  let delivered = 0;
  let signInCode: string | undefined;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 20_000) head += chunk.toString();
      });
      stream.on("end", () => {
        // A new client's sign-in asks for the mailed code (issue 22): the bench reads it like the admin would.
        if (head.includes("Subject: Your sign-in code")) signInCode = /\b(\d{6})\b/.exec(head.split("\r\n\r\n").slice(1).join(""))?.[1];
        else if (!head.includes("Subject: A sign-in from a new device")) delivered += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  const site = siteOn(join(dir, "newsletter"));
  const { dataDir, url } = site;
  const env = { ...site.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}?tls=off`, MAIL_FROM: "Bench <bench@example.org>", MAIL_PER_MINUTE: "1000000" };
  let server = spawnServer([exe, "serve"], env, dir);
  await timeToFirstResponse(`${url}/healthz`, performance.now(), server);
  await server.stop();
  const db = new Database(join(dataDir, "site.db"));
  const insert = db.prepare("INSERT INTO subscribers (email, state) VALUES (?, 'confirmed')");
  db.transaction(() => {
    for (let i = 0; i < NEWSLETTER_SUBSCRIBERS; i++) insert.run(`reader${i}@example.org`);
  })();
  // The demo content's own confirmed subscribers get the newsletter too.
  const recipients = db.query<{ n: number }, []>("SELECT count(*) AS n FROM subscribers WHERE state = 'confirmed'").get()!.n;
  db.close();
  server = spawnServer([exe, "serve"], env, dir);
  try {
    await timeToFirstResponse(`${url}/healthz`, performance.now(), server);
    const login = await fetch(`${url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: env.ADMIN_PASSWORD }),
    });
    let { token, ticket } = (await login.json()) as { token?: string; ticket?: string };
    if (ticket) {
      while (!signInCode) await Bun.sleep(20);
      const second = await fetch(`${url}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ticket, code: signInCode }),
      });
      ({ token } = (await second.json()) as { token: string });
    }
    for (let i = 0; i < 200; i++) await (await fetch(`${url}/api/events`)).arrayBuffer();
    const started = performance.now();
    const sent = await fetch(`${url}/api/admin/newsletters`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ subject: "News from the ashram", body: `<p>${"A week of study and practice. ".repeat(40)}</p>` }),
    });
    if (sent.status !== 201) throw new Error(`newsletter: ${sent.status} ${await sent.text()}`);
    const latencies: number[] = [];
    let peakMb = 0;
    while (delivered < recipients && performance.now() - started < 600_000) {
      const asked = performance.now();
      await (await fetch(`${url}/api/events`)).arrayBuffer();
      latencies.push(performance.now() - asked);
      peakMb = Math.max(peakMb, await rssMb(server.child.pid));
      await Bun.sleep(5);
    }
    const seconds = (performance.now() - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? Number.NaN;
    return { delivered, seconds, peakMb, p99, reads: latencies.length };
  } finally {
    await server.stop();
    smtp.close();
  }
}

const printNewsletter = (letter: Awaited<ReturnType<typeof newsletterSend>>) =>
  console.log(
    `newsletter to ${NEWSLETTER_SUBSCRIBERS} confirmed subscribers (local SMTP server): ${letter.delivered} delivered in ${letter.seconds.toFixed(1)} s, ` +
      `peak RSS ${letter.peakMb.toFixed(1)} MB, /api/events p99 meanwhile ${letter.p99.toFixed(1)} ms (${letter.reads} reads)`,
  );

if (ONLY === "scale") {
  const dir = mkdtempSync(join(tmpdir(), "vedanta-bench-"));
  try {
    console.log(await scaleBench(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
if (ONLY === "newsletter" || ONLY === "registrations" || ONLY === "payments" || ONLY === "classes" || ONLY === "credits") {
  const dir = mkdtempSync(join(tmpdir(), "vedanta-bench-"));
  try {
    console.log("Building the executable (bun scripts/compile.ts)...");
    await $`bun scripts/compile.ts ${join(dir, "vedanta-site")}`.cwd(ROOT).quiet();
    if (ONLY === "registrations") console.log(await registrationsBench(join(dir, "vedanta-site"), dir));
    else if (ONLY === "payments") console.log(await paymentsBench(join(dir, "vedanta-site"), dir));
    else if (ONLY === "classes") console.log(await classBookingsBench(join(dir, "vedanta-site"), dir));
    else if (ONLY === "credits") console.log(await creditBookingsBench(join(dir, "vedanta-site"), dir));
    else printNewsletter(await newsletterSend(join(dir, "vedanta-site"), dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
if (!Bun.which("wrk")) {
  console.error("wrk is missing: install it with `apt-get install -y wrk`.");
  process.exit(1);
}
/** Rounds of (ours, bare Bun.serve) per public read in bench/reads.ts. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const readsBench = (exe: string, dir: string) =>
  readsVsCeiling({ exe, dir, seconds: DURATION, warmUp: WARM_UP, rounds: ROUNDS, siteOn, spawnServer, timeToFirstResponse, wrk, freePort });
if (ONLY === "reads") {
  const dir = mkdtempSync(join(tmpdir(), "vedanta-bench-"));
  try {
    console.log("Building the executable (bun scripts/compile.ts)...");
    await $`bun scripts/compile.ts ${join(dir, "vedanta-site")}`.cwd(ROOT).quiet();
    await readsBench(join(dir, "vedanta-site"), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
if (!existsSync(join(ROOT, "bench/baseline/node_modules/better-sqlite3"))) {
  console.log("Installing the baseline (bench/baseline: express, better-sqlite3 built from source)...");
  await $`npm install --no-audit --no-fund`.cwd(join(ROOT, "bench/baseline"));
}

const dir = mkdtempSync(join(tmpdir(), "vedanta-bench-"));
const exe = join(dir, "vedanta-site");
let ours: ReturnType<typeof spawnServer> | null = null;
let baseline: ReturnType<typeof spawnServer> | null = null;
try {
  console.log("Building the executable (bun scripts/compile.ts)...");
  await $`bun scripts/compile.ts ${exe}`.cwd(ROOT).quiet();
  const exeMb = Bun.file(exe).size / 1024 / 1024;

  const { dataDir, env, url } = siteOn(dir);

  // First start: empty data folder (creates the database, migrates, auto-restores the demo content).
  let started = performance.now();
  ours = spawnServer([exe, "serve"], env, dir);
  const firstStart = await timeToFirstResponse(`${url}/healthz`, started, ours);
  await ours.stop();

  // Restarts on the existing data folder, the figure an operator sees on every restart: until /healthz answers, until a
  // visitor's first public read answers (it builds the API), and until the first `/` is rendered.
  const toProfile = await measureStarts([exe, "serve"], env, dir, url, "/api/profile", STARTS);
  await toProfile.server.stop();
  const toPage = await measureStarts([exe, "serve"], env, dir, url, "/", STARTS);
  await toPage.server.stop();
  const toHealth = await measureStarts([exe, "serve"], env, dir, url, "/healthz", STARTS);
  ours = toHealth.server;
  // Memory once started (only /healthz asked; 2 s: after the daily-backup look a second after the start), then 1 s
  // after the first `/` (the API built, the public reads made, the page rendered and compressed as a browser asks).
  await Bun.sleep(2000);
  const idleMb = await rssMb(ours.child.pid);
  started = performance.now();
  await (await fetch(`${url}/`)).arrayBuffer();
  const firstRenderMs = performance.now() - started;
  await Bun.sleep(1000);
  const renderedMb = await rssMb(ours.child.pid);

  // The floor: a compiled hello-world Bun server (bench/floor.ts), built and started the same way.
  const floorExe = join(dir, "floor");
  await $`bun build --compile --production --bytecode --format=esm ./bench/floor.ts --outfile ${floorExe}`.cwd(ROOT).quiet();
  const floorPort = freePort();
  const floor = await measureStarts(
    [floorExe],
    { PORT: String(floorPort), HOST: "127.0.0.1" },
    dir,
    `http://127.0.0.1:${floorPort}`,
    "/healthz",
    STARTS,
  );
  await Bun.sleep(2000);
  const floorMb = await rssMb(floor.server.child.pid);
  await floor.server.stop();

  // The baseline reads a copy of the same SQLite file and serves the same rendered page.
  const baseDir = join(dir, "baseline");
  mkdirSync(baseDir);
  const source = new Database(join(dataDir, "site.db"), { readonly: true });
  source.run(`VACUUM INTO '${join(baseDir, "site.db")}'`);
  source.close();
  await Bun.write(join(baseDir, "index.html"), await (await fetch(`${url}/`)).text());
  const basePort = freePort();
  baseline = spawnServer(
    ["node", join(ROOT, "bench/baseline/server.js")],
    {
      PORT: String(basePort),
      DB: join(baseDir, "site.db"),
      PAGE: join(baseDir, "index.html"),
      SITE_TIMEZONE: process.env.SITE_TIMEZONE ?? "Australia/Melbourne",
    },
    baseDir,
  );
  const baseUrl = `http://127.0.0.1:${basePort}`;
  await timeToFirstResponse(`${baseUrl}/api/profile`, performance.now(), baseline);
  const baseIdleMb = await rssMb(baseline.child.pid);

  // The ceiling: a bare Bun.serve answering the same bytes and headers (bench/ceiling.ts), on the same core.
  const answers: Record<string, { body: string; headers: Record<string, string> }> = {};
  for (const path of ENDPOINTS) {
    const response = await fetch(`${url}${path}`);
    const { date: _, "content-length": __, ...headers } = Object.fromEntries(response.headers);
    answers[path] = { body: await response.text(), headers };
  }
  await Bun.write(join(dir, "answers.json"), JSON.stringify(answers));
  const ceilingPort = freePort();
  const ceiling = spawnServer(
    ["bun", join(ROOT, "bench/ceiling.ts")],
    { PORT: String(ceilingPort), HOST: "127.0.0.1", ANSWERS: join(dir, "answers.json") },
    dir,
  );
  const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;
  await timeToFirstResponse(`${ceilingUrl}/api/profile`, performance.now(), ceiling);

  console.log(
    `Load: wrk, ${CONNECTIONS} connections, ${DURATION} s per endpoint and server; servers on CPU ${SERVER_CPUS}, wrk on CPU ${LOAD_CPUS} (${cores} cores).`,
  );
  const rows: { path: string; ours: WrkResult; base: WrkResult; ceiling: WrkResult; bytes: number }[] = [];
  for (const path of ENDPOINTS) {
    const bytes = (await (await fetch(`${url}${path}`)).arrayBuffer()).byteLength;
    // Each server is warmed up on the endpoint first, long enough for its JIT tiers (compiled on the server's own
    // core) to settle before the measure.
    await wrk(`${url}${path}`, WARM_UP, ours.child.pid);
    const oursResult = await wrk(`${url}${path}`, DURATION, ours.child.pid);
    await wrk(`${baseUrl}${path}`, WARM_UP, baseline.child.pid);
    const baseResult = await wrk(`${baseUrl}${path}`, DURATION, baseline.child.pid);
    await wrk(`${ceilingUrl}${path}`, WARM_UP, ceiling.child.pid);
    const ceilingResult = await wrk(`${ceilingUrl}${path}`, DURATION, ceiling.child.pid);
    rows.push({ path, ours: oursResult, base: baseResult, ceiling: ceilingResult, bytes });
    console.log(`  ${path} done`);
  }
  await ceiling.stop();
  const loadedMb = await rssMb(ours.child.pid);
  const baseLoadedMb = await rssMb(baseline.child.pid);

  const pad = (text: string | number, width: number) => String(text).padStart(width);
  console.log(
    `\n${"endpoint".padEnd(22)}${pad("bytes", 8)}${pad("ours req/s", 12)}${pad("p99 ms", 9)}${pad("node req/s", 12)}${pad("p99 ms", 9)}${pad("ratio", 8)}${pad("CPU µs/req ours", 17)}${pad("node", 7)}${pad("ratio", 8)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.path.padEnd(22)}${pad(row.bytes, 8)}${pad(Math.round(row.ours.rps), 12)}${pad(row.ours.p99ms.toFixed(2), 9)}${pad(Math.round(row.base.rps), 12)}${pad(row.base.p99ms.toFixed(2), 9)}${pad(`${(row.ours.rps / row.base.rps).toFixed(1)}x`, 8)}` +
        `${pad(row.ours.cpuUsPerRequest.toFixed(1), 17)}${pad(row.base.cpuUsPerRequest.toFixed(0), 7)}${pad(`${(row.base.cpuUsPerRequest / row.ours.cpuUsPerRequest).toFixed(1)}x`, 8)}`,
    );
    for (const [name, result] of [
      ["ours", row.ours],
      ["node", row.base],
    ] as const)
      if (result.errors) console.log(`    ${name}: ${result.errors}`);
  }
  console.log("(CPU µs/req: the server's CPU time, all threads, per answered request; other work on the machine disturbs it less than req/s.)");
  console.log(`\nceiling, a bare Bun.serve answering the same bytes from memory (bench/ceiling.ts), same core, same run:`);
  for (const row of rows) {
    console.log(`${row.path.padEnd(22)}${pad(Math.round(row.ceiling.rps), 12)} req/s   ours ${(row.ours.rps / row.ceiling.rps).toFixed(2)}x of it`);
  }
  await readsBench(exe, dir);
  console.log(`\nexecutable: ${exeMb.toFixed(1)} MB`);
  console.log(
    `start to first response (/healthz): first start ${firstStart.toFixed(0)} ms (empty data folder: migrate + auto-restore), restart ${spread(toHealth.ms)}`,
  );
  console.log(`start to first /api/profile (restart): ${spread(toProfile.ms)}`);
  console.log(
    `start to first rendered / (restart): ${spread(toPage.ms)}; the first / after a start (API, reads, render): ${firstRenderMs.toFixed(0)} ms`,
  );
  console.log(
    `floor, a compiled hello-world Bun server (bench/floor.ts): start to first response ${spread(floor.ms)}, idle ${floorMb.toFixed(1)} MB`,
  );
  console.log(
    `memory (RSS): ours idle after the start ${idleMb.toFixed(1)} MB, after the first / ${renderedMb.toFixed(1)} MB, after the load ${loadedMb.toFixed(1)} MB; node baseline idle ${baseIdleMb.toFixed(1)} MB, after ${baseLoadedMb.toFixed(1)} MB`,
  );
  printNewsletter(await newsletterSend(exe, dir));
  console.log(await registrationsBench(exe, dir));
  console.log(await paymentsBench(exe, dir));
  console.log(await classBookingsBench(exe, dir));
  console.log(await creditBookingsBench(exe, dir));
  console.log(await scaleBench(dir));
  const budgets = await checkBudgets(join(ROOT, "dist/public"));
  console.log(`bundle sizes:\n${budgets.lines.join("\n")}`);
} finally {
  await ours?.stop();
  await baseline?.stop();
  rmSync(dir, { recursive: true, force: true });
}
