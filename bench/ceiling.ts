// The ceiling of `bun run bench`'s throughput figures: a bare Bun.serve answering, for each endpoint, the same bytes
// and headers the site answered (read from the JSON file ANSWERS), from memory, with nothing else to do.
export {};

type Answer = { body: string; headers: Record<string, string> };
const answers = (await Bun.file(process.env.ANSWERS!).json()) as Record<string, Answer>;
const server = Bun.serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: process.env.HOST || "0.0.0.0",
  reusePort: false,
  fetch(request) {
    const answer = answers[new URL(request.url).pathname];
    return answer ? new Response(answer.body, { headers: answer.headers }) : new Response("Not found", { status: 404 });
  },
});
process.on("SIGTERM", () => void server.stop().then(() => process.exit(0)));
