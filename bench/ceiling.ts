// The ceiling of `bun run bench`'s throughput figures: a bare Bun.serve answering, for each endpoint, the same bytes
// and headers the site answered (read from the JSON file ANSWERS), from memory, with nothing else to do. With
// SERVER=elysia, the same answers from a bare Elysia app (one route per read, no hook): what the framework itself
// costs, apart from the site's own work per request. With SERVER=bun-ip, the bare Bun.serve also asks each request's
// client address (`server.requestIP`, which the site's request line must carry: a getpeername system call each time).
import { Elysia } from "elysia";

type Answer = { body: string; headers: Record<string, string> };
const answers = (await Bun.file(process.env.ANSWERS!).json()) as Record<string, Answer>;
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST || "0.0.0.0";
/** A read's answer by its path and query (e.g. `/api/archive-events/page?page=2`). */
const answerTo = (url: URL) => answers[url.pathname + url.search];

let stop: () => Promise<void>;
if (process.env.SERVER === "elysia") {
  const app = new Elysia();
  for (const path of new Set(Object.keys(answers).map((read) => new URL(read, "http://ceiling").pathname)))
    app.get(path, ({ request, set }) => {
      const answer = answerTo(new URL(request.url));
      if (!answer) return new Response("Not found", { status: 404 });
      Object.assign(set.headers, answer.headers);
      return answer.body;
    });
  app.listen({ port, hostname, reusePort: false });
  stop = async () => void (await app.stop());
} else {
  const askIp = process.env.SERVER === "bun-ip";
  const server = Bun.serve({
    port,
    hostname,
    reusePort: false,
    fetch(request, listener) {
      if (askIp) listener.requestIP(request);
      const answer = answerTo(new URL(request.url));
      return answer ? new Response(answer.body, { headers: answer.headers }) : new Response("Not found", { status: 404 });
    },
  });
  stop = () => server.stop();
}
process.on("SIGTERM", () => void stop().then(() => process.exit(0)));
