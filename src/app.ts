// Everything the server is made of, in one list. A test builds a real app on a temp database in one line.
import type { Db } from "../db/client.ts";
import type { Api } from "./api.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { setClientAddress } from "./lib/client-ip.ts";
import { createPublicCache, etagMatches, pickEncoding, respondCached, type CachedAnswer } from "./lib/public-cache.ts";
import { applySecurityHeaders } from "./plugins/security-headers.ts";
import { createPageHandler, PAGE_READS, type PageRenderer } from "./plugins/page.ts";
import { createSiteFiles } from "./plugins/site-files.ts";
import { createWebAssetHandler, type WebAssetFiles } from "./plugins/web-assets.ts";

export type AppOptions = {
  db: Db;
  config: Config;
  jwtSecret: string;
  webAssets?: WebAssetFiles;
  now?: () => Date;
  fetch?: typeof fetch;
  /** Server-side rendering of `/` (web/server-render.tsx); without it `/` is the app shell with its metadata. */
  renderPage?: PageRenderer;
};

/** A route of Bun.serve: the socket's address comes from `server` when the route needs it. */
export type RouteHandler = (request: Request, server: { requestIP(request: Request): { address: string } | null }) => Response | Promise<Response>;

export type App = {
  /** Answers one request, as the HTTP server does; `ip` stands for the socket's address. */
  handle(request: Request, ip?: string): Promise<Response>;
  /**
   * GET of each public read, for Bun.serve's `routes` (matched by the server, no URL parsing): the cached answer
   * with its headers made once, else `handle`. The same answers `handle` gives, which uses the same code.
   */
  routes: Record<string, { GET: RouteHandler }>;
  context: AppContext;
  /** Whether the API has been built, by a request that needed it (tests and diagnostics). */
  readonly apiBuilt: boolean;
};

/** GET /healthz: the process is up and answering (the API's own answer, given without building the API). */
const HEALTHY = { status: "ok" };
const SERVER_PATHS = /^\/(api|uploads|calendar)(\/|$)|^\/healthz$/;
/**
 * Bun builds a request's URL as `http://<Host header><path>`; when the Host is not a valid host[:port] (none, spaces,
 * slashes, an open bracket, port 99999) the result does not parse, and the request is refused before anything reads
 * its path. Elysia and this file read the path from that same string.
 */
const BAD_HOST = () => new Response("Bad Request: the Host header is not a valid host[:port]", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
/** Public reads answered from the public cache (they take no query parameters): the reads `/` is rendered from. */
const PUBLIC_READS = new Set(PAGE_READS);

export function createApp(options: AppOptions): App {
  const now = options.now ?? (() => new Date());
  const dataVersion = options.db.$client.prepare<{ data_version: number }, []>("PRAGMA data_version");
  const publicCache = createPublicCache({ now, timezone: options.config.timezone, dataVersion: () => dataVersion.get()!.data_version });
  const context: AppContext = {
    db: options.db,
    config: options.config,
    jwtSecret: options.jwtSecret,
    now,
    fetch: options.fetch ?? fetch,
    onPublicChange: () => publicCache.invalidate(),
    publicCache,
  };

  // The API (Elysia and every module: ~20 ms and its memory) is built by the first request that needs one of its
  // routes or a public read, not at start: /healthz and the build files answer without it.
  let api: Promise<Api> | undefined;
  let apiBuilt = false;
  const getApi = () =>
    (api ??= import("./api.ts")
      .then(({ createApi }) => {
        const built = createApi(context);
        apiBuilt = true;
        return built;
      })
      .catch((error: unknown) => {
        api = undefined;
        throw error;
      }));

  const serveWebAsset = createWebAssetHandler(options.webAssets ?? {});
  const siteFiles = createSiteFiles(options.config.siteUrl);
  const readPublic = (path: string) =>
    publicCache.get(path, async () => {
      const built = await (await getApi()).handle(new Request(`http://localhost${path}`));
      return built.status === 200 ? { body: await built.bytes(), contentType: built.headers.get("content-type") ?? "application/json" } : built;
    });
  const servePage = createPageHandler({ files: options.webAssets ?? {}, config: options.config, cache: publicCache, read: readPublic, render: options.renderPage });
  const allowedOrigins = new Set(options.config.corsOrigins);

  // A cached read is the hot path of the site: its responses' headers (the answer's own, then the pipeline's) are
  // made once per answer and encoding by the same code as any other response, and copied into each response.
  type Prepared = { plain?: Headers; br?: Headers; gzip?: Headers; notModified?: Headers };
  const prepared = new WeakMap<CachedAnswer, Prepared>();
  const snapshot = (pathname: string, answer: CachedAnswer, headers: Record<string, string>) => {
    const sample = respondCached(new Request(`http://localhost${pathname}`, { headers }), answer);
    if (sample instanceof Promise) throw new Error("a prepared answer is compressed already");
    return new Headers(applySecurityHeaders(sample, pathname, null).headers);
  };
  /** GET of a public read with no CORS origin to answer, from an answer already built (else null: `handle` does it). */
  const preparedRead = (request: Request, pathname: string): Response | null => {
    const origin = request.headers.get("origin");
    if (origin && allowedOrigins.has(origin)) return null;
    const answer = publicCache.peek(pathname);
    if (!answer) return null;
    let entry = prepared.get(answer);
    if (!entry) prepared.set(answer, (entry = {}));
    if (etagMatches(request.headers.get("if-none-match"), answer.etag)) {
      return new Response(null, { status: 304, headers: (entry.notModified ??= snapshot(pathname, answer, { "if-none-match": answer.etag })) });
    }
    const encoding = pickEncoding(request, answer);
    const body = encoding ? answer[encoding] : answer.body;
    if (!body) return null; // its compression is not made yet
    const headers = encoding ? (entry[encoding] ??= snapshot(pathname, answer, { "accept-encoding": encoding })) : (entry.plain ??= snapshot(pathname, answer, {}));
    return new Response(body, { headers });
  };

  const handle: App["handle"] = async (request, ip = "127.0.0.1") => {
    setClientAddress(request, ip);
    const url = URL.parse(request.url);
    if (!url) return applySecurityHeaders(BAD_HOST(), "/", null);
    const { pathname } = url;
    if (request.method === "GET" && PUBLIC_READS.has(pathname)) {
      const ready = preparedRead(request, pathname);
      if (ready) return ready;
    }
    const origin = request.headers.get("origin");
    const corsOrigin = origin && allowedOrigins.has(origin) ? origin : null;
    let response: Response;
    if (request.method === "OPTIONS" && corsOrigin) {
      response = new Response(null, {
        status: 204,
        headers: { "Access-Control-Allow-Methods": "GET, POST, PATCH, DELETE", "Access-Control-Allow-Headers": "Content-Type, Authorization" },
      });
    } else if ((request.method === "GET" || request.method === "HEAD") && PUBLIC_READS.has(pathname)) {
      const answer = await readPublic(pathname);
      response = answer instanceof Response ? answer : await respondCached(request, answer);
    } else if (pathname === "/healthz" && request.method === "GET") {
      response = Response.json(HEALTHY);
    } else if (SERVER_PATHS.test(pathname)) {
      response = await (await getApi()).handle(request);
    } else if (request.method === "GET" || request.method === "HEAD") {
      response = siteFiles.has(pathname)
        ? await siteFiles.respond(request, pathname)
        : ((pathname === "/" && (await servePage(request))) || (await serveWebAsset(request, pathname)));
    } else {
      response = new Response("Method not allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
    }
    return applySecurityHeaders(response, pathname, corsOrigin);
  };

  const routes: App["routes"] = {};
  for (const path of PUBLIC_READS) {
    routes[path] = {
      GET: (request, server) => (URL.canParse(request.url) && preparedRead(request, path)) || handle(request, server.requestIP(request)?.address ?? "unknown"),
    };
  }

  return {
    context,
    routes,
    get apiBuilt() {
      return apiBuilt;
    },
    handle,
  };
}
