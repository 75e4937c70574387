import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { parseBody } from "../../lib/validate.ts";
import { loginSchema, resetPasswordSchema } from "../../shared/schemas.ts";
import { createAuthService } from "./service.ts";

const PUBLIC_ADMIN_PATHS = new Set(["/api/admin/login"]);

/** Login and password reset, and the guard that every other /api/admin/* path passes through. */
export function authModule(ctx: AppContext) {
  const auth = createAuthService(ctx.db, ctx.jwtSecret, ctx.now);
  return new Elysia()
    .onRequest(async ({ request }) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith("/api/admin") && !PUBLIC_ADMIN_PATHS.has(pathname)) {
        await auth.verify(request.headers.get("authorization"));
      }
    })
    .post("/api/admin/login", ({ body, request }) => {
      const { username, password } = parseBody(body, loginSchema);
      return auth.login(username, password, clientIp(request, ctx.config.trustProxy));
    })
    .post("/api/admin/reset-password", ({ body, request }) =>
      auth.resetPassword(parseBody(body, resetPasswordSchema), clientIp(request, ctx.config.trustProxy)),
    );
}
