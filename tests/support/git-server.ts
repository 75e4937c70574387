// A real git remote for tests: Debian's `git http-backend` (smart HTTP, as GitHub or Gitea speak it) run as a CGI
// program behind a small Bun server that asks for Basic auth, on loopback. Repositories are bare folders under a
// temp root; the real `git` reads them back (log, fsck).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type GitServer = {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  root: string;
  /** The repository's URL without credentials: `http://127.0.0.1:PORT/<name>.git`. */
  url: (name: string) => string;
  /** The URL with the user and token in it, as an operator may write GIT_REMOTE_URL. */
  urlWithToken: (name: string, token?: string) => string;
  /** Creates an empty bare repository `<name>.git` whose HEAD points at `branch`. */
  createRepo: (name: string, branch?: string) => string;
  /** Every request seen: method, path and query, the status answered, and the Authorization header. */
  requests: { method: string; path: string; status: number; authorization: string | null }[];
  /**
   * Called before a request is handed to git; a test may hold it (a push that hangs) or answer it itself (a
   * remote that says no).
   */
  onRequest: ((request: Request) => Promise<Response | undefined> | Response | undefined) | undefined;
  stop: () => void;
};

const GIT_USER = "teacher";
export const GIT_TOKEN = "ghp_TestToken0123456789abcdefSECRET";

const gitEnv = () => ({
  ...process.env,
  GIT_AUTHOR_NAME: "Other Machine",
  GIT_AUTHOR_EMAIL: "other@example.org",
  GIT_COMMITTER_NAME: "Other Machine",
  GIT_COMMITTER_EMAIL: "other@example.org",
  GIT_TERMINAL_PROMPT: "0",
  GIT_CONFIG_NOSYSTEM: "1",
  HOME: tmpdir(),
});

/** Runs `git` with `args` in `cwd` and answers its standard output; throws with its standard error on failure. */
export function runGit(args: string[], cwd?: string): string {
  const result = Bun.spawnSync(["git", ...args], { cwd, env: gitEnv() });
  if (result.exitCode !== 0) throw new Error(`git ${args.join(" ")} failed (${result.exitCode}): ${result.stderr.toString()}`);
  return result.stdout.toString();
}

/** runGit without blocking: for commands that talk to a server in this process (clone, push). */
export async function runGitAsync(args: string[], cwd?: string): Promise<string> {
  const child = Bun.spawn(["git", ...args], { cwd, env: gitEnv(), stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`git ${args.join(" ")} failed (${code}): ${stderr}`);
  return stdout;
}

/** Starts the server; repositories need `user` and `token` as Basic auth for every request, reads included. */
export function startGitServer({ user = GIT_USER, token = GIT_TOKEN } = {}): GitServer {
  const root = mkdtempSync(join(tmpdir(), "git-remote-"));
  const expected = `Basic ${Buffer.from(`${user}:${token}`).toString("base64")}`;
  const state: GitServer = {
    origin: "",
    root,
    url: (name) => `${state.origin}/${name}.git`,
    urlWithToken: (name, secret = token) => state.url(name).replace("://", `://${user}:${encodeURIComponent(secret)}@`),
    createRepo: (name, branch = "main") => {
      const path = join(root, `${name}.git`);
      runGit(["init", "--quiet", "--bare", `--initial-branch=${branch}`, path]);
      return path;
    },
    requests: [],
    onRequest: undefined,
    stop: () => {
      server.stop(true);
      rmSync(root, { recursive: true, force: true });
    },
  };

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    reusePort: false,
    idleTimeout: 60,
    fetch: async (request) => {
      const url = new URL(request.url);
      const answer = await answer_(request, url);
      state.requests.push({
        method: request.method,
        path: url.pathname + url.search,
        status: answer.status,
        authorization: request.headers.get("authorization"),
      });
      return answer;
    },
  });
  state.origin = `http://127.0.0.1:${server.port}`;

  async function answer_(request: Request, url: URL): Promise<Response> {
    if (request.headers.get("authorization") !== expected)
      return new Response("Authentication required\n", { status: 401, headers: { "WWW-Authenticate": 'Basic realm="git"' } });
    const own = await state.onRequest?.(request);
    if (own) return own;
    return cgi(request, url);
  }

  async function cgi(request: Request, url: URL): Promise<Response> {
    const body = new Uint8Array(await request.arrayBuffer());
    const child = Bun.spawn(["git", "http-backend"], {
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: "1",
        // Set by an authenticating front end: git http-backend then allows pushes (receive-pack).
        REMOTE_USER: user,
        REMOTE_ADDR: "127.0.0.1",
        REQUEST_METHOD: request.method,
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: request.headers.get("content-type") ?? "",
        CONTENT_LENGTH: String(body.length),
        HTTP_CONTENT_ENCODING: request.headers.get("content-encoding") ?? "",
        GIT_HTTP_MAX_REQUEST_BUFFER: "100M",
        GIT_CONFIG_NOSYSTEM: "1",
        HOME: root,
      },
      stdin: body,
      stdout: "pipe",
      stderr: "pipe",
    });
    const output = Buffer.from(await new Response(child.stdout).arrayBuffer());
    await child.exited;
    const split = output.indexOf("\r\n\r\n") >= 0 ? output.indexOf("\r\n\r\n") : output.indexOf("\n\n");
    if (split < 0) return new Response(`git http-backend failed: ${await new Response(child.stderr).text()}`, { status: 500 });
    const headerText = output.subarray(0, split).toString();
    const content = output.subarray(split + (output[split] === 13 ? 4 : 2));
    const headers = new Headers();
    let status = 200;
    for (const line of headerText.split(/\r?\n/)) {
      const colon = line.indexOf(":");
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
      else headers.append(name, value);
    }
    return new Response(content, { status, headers });
  }

  return state;
}
