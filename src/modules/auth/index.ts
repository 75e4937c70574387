import type { AppContext, Module } from "@server/context.ts";
import { log } from "@server/lib/log.ts";
import { parseBody } from "@server/lib/validate.ts";
import { loginSchema, resetPasswordSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from "./device-cookie.ts";
import { createAuthService } from "./service.ts";

/**
 * The admin's login (open to anyone: the one admin path that is a public route), the guard every admin route sits
 * behind (src/app.ts), and the password reset.
 */
export function authModule(ctx: AppContext): Module & { guard: (context: { request: Request }) => Promise<void> } {
  const auth = createAuthService(ctx.db, ctx.jwtSecret, ctx.now);
  const secure = ctx.config.siteUrl.startsWith("https:");
  const attempt = (request: Request, device: unknown) => ({
    ip: ctx.clientIp(request),
    device: typeof device === "string" ? device : undefined,
  });
  return {
    public: new Elysia().post("/api/admin/login", async ({ body, request, cookie }) => {
      const { username, password } = parseBody(body, loginSchema);
      const { token, device } = await auth.login(username, password, attempt(request, cookie[DEVICE_COOKIE]?.value));
      cookie[DEVICE_COOKIE]!.set({
        value: device,
        path: "/api/admin",
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
        httpOnly: true,
        sameSite: "strict",
        secure,
      });
      return { token };
    }),
    /** Answers 401 unless the request carries a valid token; bound to the routes that follow it. */
    guard: async ({ request }: { request: Request }) => {
      await auth.verify(request.headers.get("authorization")).catch((error) => {
        log.warn("Token refused", { ip: ctx.clientIp(request), path: new URL(request.url).pathname, reason: (error as Error).message });
        throw error;
      });
    },
    admin: new Elysia().post("/reset-password", ({ body, request, cookie }) =>
      auth.resetPassword(parseBody(body, resetPasswordSchema), attempt(request, cookie[DEVICE_COOKIE]?.value)),
    ),
  };
}
