// The one command that checks everything: build, lint (Biome and knip), typecheck, unit, component and API tests,
// browser tests and the hostile suite.
export {};

// `bun run test [unit|e2e|hostile]` runs one part. Ends with the line "N passed, N failed".

let passed = 0;
let failed = 0;
/** The failing tests' own lines, repeated just above the last line, where a log's tail shows them. */
const failures: string[] = [];

/** Runs a command, echoing its output, and adds its counts (a command that is not a test suite counts as one). */
async function step(name: string, command: string[]) {
  console.log(`\n=== ${name}: ${command.join(" ")}`);
  const child = Bun.spawn(command, { stdout: "pipe", stderr: "pipe", env: process.env });
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      sink.write(text);
    }
  };
  await Promise.all([pump(child.stdout, process.stdout), pump(child.stderr, process.stderr)]);
  const exitCode = await child.exited;
  const pass = /^\s*(\d+) pass$/m.exec(output);
  const fail = /^\s*(\d+) fail$/m.exec(output);
  if (pass) {
    passed += Number(pass[1]);
    failed += Number(fail?.[1] ?? 0) || (exitCode === 0 ? 0 : 1);
  } else if (exitCode === 0) passed += 1;
  else failed += 1;
  if (exitCode !== 0) {
    console.log(`--- ${name} failed (exit ${exitCode})`);
    failures.push(...failingTests(output, name, exitCode));
  }
}

/**
 * Each failing test's line with the error Bun printed above it (a log's tail then says why, not only what). Bun prints
 * a failing test's line twice: where it ran, after its error, and in its closing list.
 */
function failingTests(output: string, name: string, exitCode: number) {
  const lines = output.split("\n");
  const seen = new Set<string>();
  const found: string[] = [];
  let previousTest = -1;
  lines.forEach((line, index) => {
    if (!/^\((pass|fail)\)/.test(line)) return;
    const ran = lines.slice(previousTest + 1, index);
    previousTest = index;
    if (!line.startsWith("(fail)") || seen.has(line)) return;
    seen.add(line);
    const error = ran.findLastIndex((above) => /^(error|\w*Error)\b/.test(above.trim()));
    // The error, its next lines (Playwright's call log says what it waited for) and where it was thrown.
    const after = error < 0 ? [] : ran.slice(error, error + 8);
    const thrownAt = after.findIndex((text) => text.trim().startsWith("at "));
    const why = after.slice(0, thrownAt < 0 ? 4 : thrownAt + 1).filter((text) => text.trim() !== "");
    found.push([line, ...why.map((text) => `    ${text.trim().slice(0, 300)}`)].join("\n"));
  });
  return found.length > 0 ? found : [`(fail) ${name}: exit ${exitCode}`];
}

const only = process.argv[2];
await step("build", ["bun", "scripts/build.ts"]);
if (!only) await step("lint", ["bun", "run", "lint"]);
if (!only) await step("typecheck", ["bunx", "tsc", "--noEmit"]);
if (!only || only === "unit") await step("unit and API tests", ["bun", "test", "--timeout", "30000", "src", "web", "scripts", "db"]);
if (!only || only === "e2e") await step("browser tests", ["bun", "test", "--timeout", "60000", "tests/e2e"]);
if (!only || only === "hostile") await step("hostile tests", ["bun", "test", "--timeout", "120000", "tests/hostile"]);

if (failures.length > 0) console.log(`\nFailed:\n${failures.join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
