// Builds a real app on a fresh SQLite file in a temp folder, for API tests. Each app starts from a copy of one
// template database, migrated once per test process and holding the admin.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@db/client.ts";
import { users } from "@db/schema.ts";
import { treaty } from "@elysiajs/eden";
import { type AppOptions, createApp } from "@server/app.ts";
import { loadConfig } from "@server/config.ts";
import { DEVICE_COOKIE, deviceCookies } from "@server/modules/auth/device-cookie.ts";
import { ensureAdmin } from "@server/modules/auth/service.ts";
import { createSessions } from "@server/modules/auth/sessions.ts";
import { createMailWorker } from "@server/modules/mail/worker.ts";
import { assetsFromDirectory } from "@server/plugins/web-assets.ts";
import { DEFAULT_USERNAME } from "@server/shared/constants.ts";

export const TEST_PASSWORD = "test-password";
/** A web build's `index.html` with the marks the server renders the site's page into. */
export const SITE_SHELL = `<!doctype html><html lang="en"><head><!--page:head--><title>Shell</title><!--/page:head--></head><body><!--page:root--><div id="root"></div><!--/page:root--></body></html>`;

/** The header `send` names each request's client address in; the app's stand-in socket (below) reads it. */
const CLIENT_ADDRESS = "x-test-client-address";
/** Bun's server knows a request's socket address; `app.handle` has no server, so the tests' requests say theirs. */
const testSocket = {
  requestIP: (request: Request) => {
    const address = request.headers.get(CLIENT_ADDRESS);
    return address ? { address } : null;
  },
};

export type MailWorker = ReturnType<typeof createMailWorker>;
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
/** The app's Eden Treaty client under /api: typed bodies and answers. */
export type Api = ReturnType<TestApp["api"]>;

/**
 * What a typed call answered, whatever its status: its JSON (Eden gives a 2xx answer as `data` and any other as
 * `error.value`), for the tests that check an answer's body beside its status.
 */
export const answerOf = ({ data, error }: { data: unknown; error: { value: unknown } | null }): unknown => (error ? error.value : data);

type RequestOptions = {
  /** The bearer token (absent: none). */
  token?: string | null;
  headers?: Record<string, string>;
  /** The client's address the app sees (its rate limits count per address). */
  ip?: string;
};

/**
 * The admin's password hash: argon2id as in production, at the lowest cost, so that each test's sign-in checks it in
 * about a millisecond instead of a tenth of a second (the app reads the cost from the hash; a password the tests set
 * through the app is hashed at the production cost).
 */
const CHEAP_ARGON2 = { algorithm: "argon2id", memoryCost: 1024, timeCost: 1 } as const;

let template: Promise<string> | undefined;

/** The migrated database with the admin, made once per test process and copied for each app. */
function templateDatabase() {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "vedanta-template-"));
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, "site.db");
    const db = openDatabase(path);
    db.insert(users)
      .values({ username: DEFAULT_USERNAME, password: await Bun.password.hash(TEST_PASSWORD, CHEAP_ARGON2) })
      .run();
    db.$client.close(); // the last connection's close folds the WAL into the file
    return path;
  })();
  return template;
}

/**
 * A fresh app. `shell`: the web build's `index.html` it serves the site with (the page's tests), instead of none;
 * `env`: settings as an operator gives them.
 */
export async function createTestApp({ shell, ...overrides }: Partial<AppOptions> & { env?: Record<string, string>; shell?: string } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "vedanta-test-"));
  const config = loadConfig({ DATA_DIR: join(dir, "data"), APP_DATA_DIR: join(dir, "app_data"), ...overrides.env });
  copyFileSync(await templateDatabase(), join(dir, "site.db"));
  const db = openDatabase(join(dir, "site.db"));
  await ensureAdmin(db, { password: TEST_PASSWORD, email: config.adminEmail });
  if (shell !== undefined) {
    mkdirSync(join(dir, "web"));
    writeFileSync(join(dir, "web", "index.html"), shell);
    overrides.webAssets = await assetsFromDirectory(join(dir, "web"));
  }
  const app = await createApp({ db, config, jwtSecret: "test-secret-test-secret-test-secret", socket: testSocket, ...overrides });

  const send = (request: Request, ip = "127.0.0.1") => {
    request.headers.set(CLIENT_ADDRESS, ip);
    return app.handle(request);
  };

  /** The typed client; `onResponse` sees a copy of each answer before it is read. */
  const api = ({ token, headers, ip, onResponse }: RequestOptions & { onResponse?: (response: Response) => Promise<void> } = {}) =>
    treaty<typeof app>("http://localhost", {
      parseDate: false,
      headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
      fetcher: ((input: string, init?: RequestInit) => send(new Request(input, init), ip)) as typeof fetch,
      onResponse,
    }).api;

  /** A request as written, for what the typed client cannot send: a page, an ill-typed body, raw bytes. */
  const request = async (method: string, path: string, options: RequestOptions & { body?: unknown } = {}) => {
    const headers = new Headers(options.headers);
    if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData || typeof options.body === "string") body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers.set("Content-Type", "application/json");
    }
    return send(new Request(`http://localhost${path}`, { method, headers, body }), options.ip);
  };

  // Each login is a browser that has signed in before (issue 22): with mail on, a new one would be asked for a
  // mailed code; and each is a browser of its own, so that a login does not end another's session.
  const knownDevice = () => {
    const sessions = createSessions(db, app.context.now);
    const { deviceId, sessionId } = sessions.start(1, null, { ip: "127.0.0.1", userAgent: "" });
    sessions.end(sessionId);
    return `${DEVICE_COOKIE}=${deviceCookies(app.context.services.signer).issue(DEFAULT_USERNAME, deviceId)}`;
  };

  const login = async () => {
    const { data, error } = await api({ headers: { cookie: knownDevice() } }).admin.login.post({
      username: DEFAULT_USERNAME,
      password: TEST_PASSWORD,
    });
    if (error) throw new Error(`login failed: ${error.status}`);
    return (data as { token: string }).token;
  };

  /** The outbox's sender to SMTP_URL, as the server runs it: on this app's database and key, and its clock or `now`. */
  const mailWorker = (now = app.context.now) => {
    if (!config.mail) throw new Error("mailWorker: set SMTP_URL and MAIL_FROM in `env`");
    return createMailWorker({ db, config: { ...config, mail: config.mail }, jwtSecret: app.context.jwtSecret, now });
  };

  return {
    app,
    db,
    dir,
    config,
    api,
    request,
    login,
    mailWorker,
    cleanup: () => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
