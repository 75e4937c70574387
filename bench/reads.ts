// The public reads against their ceiling (issue 20): every public read the site answers, driven by wrk on the
// executable and on a bare Bun.serve answering the same bytes and headers from memory (bench/ceiling.ts), both on
// the same core, one after the other, in the same run. The ratio is ours / ceiling; the goal is >= 0.8x. The site
// runs with a local fake of the video service (tests/support/fake-youtube.ts), so /api/youtube/videos answers its
// list as in production (cached by the server) rather than an error. Called by scripts/bench.ts, which passes its
// helpers (`BENCH_ONLY=reads bun run bench`: this part alone).

import { join } from "node:path";
import { startFakeYouTube } from "@tests/support/fake-youtube.ts";

/** Every read a visitor's browser makes of the site, the page included. */
export const PUBLIC_READS = [
  "/api/events",
  "/api/archive-events/page?page=2",
  "/api/classes",
  "/api/notifications",
  "/api/profile",
  "/api/youtube/videos",
  "/",
] as const;

type WrkResult = { rps: number; p99ms: number; errors: string; cpuUsPerRequest: number };
/**
 * One read's wrk runs on the site, the bare Bun.serve (the ceiling), the bare Bun.serve asking each client's address
 * (what the site's request line needs), and a bare Elysia app answering the same bytes.
 */
type ReadRow = { path: string; bytes: number; ours: WrkResult[]; ceiling: WrkResult[]; ceilingWithIp: WrkResult[]; elysia: WrkResult[] };
type Spawned = { child: { pid: number; exitCode: number | null }; output: () => string; stop: () => Promise<void> };

export type ReadsBench = {
  exe: string;
  dir: string;
  /** wrk seconds per read and server, and the warm-up before each. */
  seconds: number;
  warmUp: number;
  /** Rounds of (ours, ceiling) per read; the best req/s of each is compared (the run least disturbed by the machine). */
  rounds: number;
  siteOn: (dir: string) => { env: Record<string, string>; url: string };
  spawnServer: (command: string[], env: Record<string, string>, cwd: string) => Spawned;
  timeToFirstResponse: (url: string, started: number, server: Spawned) => Promise<number>;
  wrk: (url: string, seconds: number, pid: number) => Promise<WrkResult>;
  freePort: () => number;
};

export async function readsVsCeiling(bench: ReadsBench) {
  const fake = await startFakeYouTube();
  const site = bench.siteOn(join(bench.dir, "reads"));
  const ours = bench.spawnServer([bench.exe, "serve"], { ...site.env, ...fake.env }, bench.dir);
  const ceilings: Spawned[] = [];
  try {
    await bench.timeToFirstResponse(`${site.url}/healthz`, performance.now(), ours);
    // What wrk gets: no Accept-Encoding, so the plain bytes; the ceiling answers them with the same headers.
    const answers: Record<string, { body: string; headers: Record<string, string> }> = {};
    for (const path of PUBLIC_READS) {
      const response = await fetch(`${site.url}${path}`, { headers: { "accept-encoding": "identity" }, decompress: false });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      const { date: _, "content-length": __, ...headers } = Object.fromEntries(response.headers);
      answers[path] = { body: await response.text(), headers };
    }
    await Bun.write(join(bench.dir, "reads-answers.json"), JSON.stringify(answers));
    const start = async (server: "bun" | "bun-ip" | "elysia") => {
      const port = bench.freePort();
      const spawned = bench.spawnServer(
        ["bun", join(import.meta.dir, "ceiling.ts")],
        { PORT: String(port), HOST: "127.0.0.1", ANSWERS: join(bench.dir, "reads-answers.json"), SERVER: server },
        bench.dir,
      );
      ceilings.push(spawned);
      const url = `http://127.0.0.1:${port}`;
      await bench.timeToFirstResponse(`${url}/api/profile`, performance.now(), spawned);
      // Each read answered as the site answers it (a miss would be a fast 404, and a false ceiling).
      for (const path of PUBLIC_READS) {
        const response = await fetch(`${url}${path}`);
        if ((await response.text()) !== answers[path]!.body)
          throw new Error(`the ${server} ceiling answers ${path} with ${response.status}, not the site's bytes`);
      }
      return { url, server: spawned };
    };
    const bare = await start("bun");
    const bareWithIp = await start("bun-ip");
    const elysia = await start("elysia");

    const rows: ReadRow[] = [];
    for (const path of PUBLIC_READS) {
      const row: ReadRow = { path, bytes: Buffer.byteLength(answers[path]!.body), ours: [], ceiling: [], ceilingWithIp: [], elysia: [] };
      for (let round = 0; round < bench.rounds; round++) {
        for (const [url, server, results] of [
          [site.url, ours, row.ours],
          [bare.url, bare.server, row.ceiling],
          [bareWithIp.url, bareWithIp.server, row.ceilingWithIp],
          [elysia.url, elysia.server, row.elysia],
        ] as const) {
          // Warmed up first on the read, long enough for the JIT's tiers to settle on the server's own core.
          await bench.wrk(`${url}${path}`, bench.warmUp, server.child.pid);
          results.push(await bench.wrk(`${url}${path}`, bench.seconds, server.child.pid));
        }
      }
      rows.push(row);
    }
    printReads(rows, bench);
    return rows;
  } finally {
    for (const ceiling of ceilings) await ceiling.stop();
    await ours.stop();
    await fake.stop();
  }
}

function printReads(rows: ReadRow[], bench: ReadsBench) {
  const pad = (text: string | number, width: number) => String(text).padStart(width);
  const best = (results: WrkResult[]) => results.reduce((a, b) => (b.rps > a.rps ? b : a));
  const cpu = (results: WrkResult[]) => Math.min(...results.map((result) => result.cpuUsPerRequest));
  console.log(
    `\npublic reads vs a bare Bun.serve answering the same bytes and headers (bench/ceiling.ts), same core, same run ` +
      `(wrk ${bench.seconds} s each after ${bench.warmUp} s warm-up, best of ${bench.rounds} round${bench.rounds > 1 ? "s" : ""}), ` +
      "and, answering them too, the bare Bun.serve asking each client's address and a bare Elysia app:",
  );
  console.log(
    `${"read".padEnd(22)}${pad("bytes", 8)}${pad("ours req/s", 12)}${pad("p99 ms", 9)}${pad("bare req/s", 12)}${pad("p99 ms", 9)}${pad("ratio", 8)}` +
      `${pad("CPU µs/req ours", 17)}${pad("bare", 7)}${pad("ratio", 8)}${pad("bare+IP µs", 12)}${pad("ratio", 8)}${pad("Elysia µs", 11)}${pad("ratio", 8)}`,
  );
  for (const row of rows) {
    const [ours, bare] = [best(row.ours), best(row.ceiling)];
    const [oursCpu, bareCpu, withIpCpu, elysiaCpu] = [cpu(row.ours), cpu(row.ceiling), cpu(row.ceilingWithIp), cpu(row.elysia)];
    console.log(
      `${row.path.padEnd(22)}${pad(row.bytes, 8)}${pad(Math.round(ours.rps), 12)}${pad(ours.p99ms.toFixed(2), 9)}${pad(Math.round(bare.rps), 12)}${pad(bare.p99ms.toFixed(2), 9)}${pad(`${(ours.rps / bare.rps).toFixed(2)}x`, 8)}` +
        `${pad(oursCpu.toFixed(1), 17)}${pad(bareCpu.toFixed(1), 7)}${pad(`${(bareCpu / oursCpu).toFixed(2)}x`, 8)}${pad(withIpCpu.toFixed(1), 12)}${pad(`${(bareCpu / withIpCpu).toFixed(2)}x`, 8)}${pad(elysiaCpu.toFixed(1), 11)}${pad(`${(bareCpu / elysiaCpu).toFixed(2)}x`, 8)}`,
    );
    for (const result of [...row.ours, ...row.ceiling, ...row.ceilingWithIp, ...row.elysia]) if (result.errors) console.log(`    ${result.errors}`);
  }
  console.log(
    "(ratio: ours / bare, req/s and CPU time per request; the goal is >= 0.8x for every read. bare+IP and Elysia: their CPU time per request, and bare / it.)",
  );
}
