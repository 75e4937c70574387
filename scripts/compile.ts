// Builds the web app, then the server with the web files and migrations embedded, into one executable.
import { $ } from "bun";

const outfile = process.argv[2] ?? "dist/vedanta-site";
await $`bun scripts/build.ts`;
await $`bun build --compile --production --bytecode --format=esm ./src/main.ts --outfile ${outfile}`.quiet();
const size = Bun.file(outfile).size;
console.log(`compiled ${outfile} (${(size / 1024 / 1024).toFixed(1)} MB)`);
