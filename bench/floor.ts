// The floor of `bun run bench`'s start and memory figures: a compiled Bun server that answers /healthz and nothing
// else, built with the same bytecode flags and started the same way as the site's executable.
const server = Bun.serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: process.env.HOST || "0.0.0.0",
  reusePort: false,
  fetch: () => Response.json({ status: "ok" }),
});
process.on("SIGTERM", () => void server.stop().then(() => process.exit(0)));
