// Builds a real app on a fresh SQLite file in a temp folder, for API tests.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@db/client.ts";
import { type AppOptions, createApp } from "@server/app.ts";
import { loadConfig } from "@server/config.ts";
import { setClientAddress } from "@server/lib/client-ip.ts";
import { DEVICE_COOKIE, deviceCookies } from "@server/modules/auth/device-cookie.ts";
import { ensureAdmin } from "@server/modules/auth/service.ts";
import { createSessions } from "@server/modules/auth/sessions.ts";
import { DEFAULT_USERNAME } from "@server/shared/constants.ts";

export const TEST_PASSWORD = "test-password";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(overrides: Partial<AppOptions> & { env?: Record<string, string> } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "vedanta-test-"));
  const config = loadConfig({ DATA_DIR: join(dir, "data"), APP_DATA_DIR: join(dir, "app_data"), ...overrides.env });
  const db = openDatabase(join(dir, "site.db"));
  await ensureAdmin(db, { password: TEST_PASSWORD, email: config.adminEmail });
  const app = await createApp({ db, config, jwtSecret: "test-secret-test-secret-test-secret", ...overrides });

  const request = async (
    method: string,
    path: string,
    options: { body?: unknown; token?: string | null; headers?: Record<string, string>; ip?: string } = {},
  ) => {
    const headers = new Headers(options.headers);
    if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData || typeof options.body === "string") body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers.set("Content-Type", "application/json");
    }
    const request = new Request(`http://localhost${path}`, { method, headers, body });
    setClientAddress(request, options.ip ?? "127.0.0.1");
    return app.handle(request);
  };

  // Each login is a browser that has signed in before (issue 22): with mail on, a new one would be asked for a
  // mailed code; and each is a browser of its own, so that a login does not end another's session.
  const knownDevice = () => {
    const sessions = createSessions(db, app.context.now);
    const { deviceId, sessionId } = sessions.start(1, null, { ip: "127.0.0.1", userAgent: "" });
    sessions.end(sessionId);
    return `${DEVICE_COOKIE}=${deviceCookies(app.context.jwtSecret).issue(DEFAULT_USERNAME, deviceId)}`;
  };

  const login = async () => {
    const response = await request("POST", "/api/admin/login", {
      body: { username: "admin", password: TEST_PASSWORD },
      headers: { cookie: knownDevice() },
    });
    return ((await response.json()) as { token: string }).token;
  };

  return {
    app,
    db,
    dir,
    config,
    request,
    login,
    cleanup: () => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
