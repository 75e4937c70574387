import type { AppContext, Module } from "@server/context.ts";
import { unauthorized } from "@server/lib/errors.ts";
import { parseBody } from "@server/lib/validate.ts";
import { loginSchema, resetPasswordSchema, signOutSchema } from "@server/shared/schemas.ts";
import { type Cookie, Elysia } from "elysia";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from "./device-cookie.ts";
import { createAuthService } from "./service.ts";

/**
 * The admin's sign-in (open to anyone: POST /api/admin/login is the one admin path that is a public route; the other
 * open steps are under /api/auth), the guard every admin route sits behind (src/app.ts), the password change and the
 * signed-in devices.
 */
export function authModule(ctx: AppContext): Module & { guard: (context: { request: Request }) => Promise<void> } {
  const auth = createAuthService(ctx.db, ctx.jwtSecret, ctx.now, ctx.activity);
  const secure = ctx.config.siteUrl.startsWith("https:");
  const origin = (request: Request) => ({ ip: ctx.clientIp(request), userAgent: request.headers.get("user-agent") ?? "" });
  const attempt = (request: Request, device: unknown) => ({ ...origin(request), device: typeof device === "string" ? device : undefined });
  const setDeviceCookie = (cookie: Record<string, Cookie<unknown>>, value: string) =>
    cookie[DEVICE_COOKIE]!.set({ value, path: "/api/admin", maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS, httpOnly: true, sameSite: "strict", secure });
  /** The session a bearer token names, for the open routes that act on one; null without a valid one. */
  const sessionOf = (request: Request) => auth.authenticate(request, ctx.clientIp(request)).catch(() => null);

  return {
    public: new Elysia()
      .post("/api/admin/login", async ({ body, request, cookie }) => {
        const { username, password } = parseBody(body, loginSchema);
        const { token, device } = await auth.login(username, password, attempt(request, cookie[DEVICE_COOKIE]?.value));
        setDeviceCookie(cookie, device);
        return { token };
      })
      // Logout: ends the session the bearer token names (the device stays known). Open, so a token already refused
      // can still be dropped; it answers the same either way.
      .post("/api/auth/logout", async ({ body, request, set }) => {
        parseBody(body ?? {}, signOutSchema);
        const session = await sessionOf(request);
        if (session) auth.logout(session, origin(request));
        set.status = 204;
      })
      // 'Sign out everywhere': every device, this one too, by the bearer token of a signed-in device.
      .post("/api/auth/sign-out-everywhere", async ({ body, request }) => {
        parseBody(body ?? {}, signOutSchema);
        const session = await sessionOf(request);
        if (!session) throw unauthorized("Authentication required");
        auth.signOutEverywhere(session.userId, origin(request), "from the account area");
        return { success: true };
      }),

    /** Answers 401 unless the request carries a valid token naming a live session; bound to the routes that follow it. */
    guard: async ({ request }: { request: Request }) => {
      await auth.authenticate(request, ctx.clientIp(request));
    },

    // The account's routes record their own entries (src/modules/activity/record-writes.ts leaves them alone).
    admin: new Elysia()
      .onBeforeHandle(({ request }) => ctx.activity.recordsItself(request))
      .post("/reset-password", ({ body, request, cookie }) =>
        auth.resetPassword(parseBody(body, resetPasswordSchema), attempt(request, cookie[DEVICE_COOKIE]?.value), auth.session(request)),
      )
      .get("/sessions", ({ request }) => auth.devices(auth.session(request)))
      .delete("/sessions/:id", ({ params, request, set }) => {
        auth.signOutDevice(auth.session(request), params.id, origin(request));
        set.status = 204;
      }),
  };
}
