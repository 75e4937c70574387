import type { AppContext, Module } from "@server/context.ts";
import { unauthorized } from "@server/lib/errors.ts";
import { parseBody } from "@server/lib/validate.ts";
import {
  accountEmailSchema,
  forgotPasswordSchema,
  linkResetSchema,
  loginCodeSchema,
  loginSchema,
  passkeyAddSchema,
  passkeyLoginSchema,
  resetPasswordSchema,
  signOutSchema,
} from "@server/shared/schemas.ts";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { type Cookie, Elysia } from "elysia";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from "./device-cookie.ts";
import { createMailSteps, LINK_INVALID } from "./mail-steps.ts";
import { createPasskeys } from "./passkeys.ts";
import { createAuthService, type LoginResult } from "./service.ts";

/**
 * The admin's sign-in (open to anyone: POST /api/admin/login is the one admin path that is a public route; the other
 * open steps are under /api/auth), the guard every admin route sits behind (src/app.ts), the password change and the
 * signed-in devices.
 */
export function authModule(ctx: AppContext): Module & { guard: (context: { request: Request }) => Promise<void> } {
  const mail = createMailSteps({ db: ctx.db, config: ctx.config, jwtSecret: ctx.jwtSecret, now: ctx.now, activity: ctx.activity });
  const keys = createPasskeys({ db: ctx.db, siteUrl: ctx.config.siteUrl, siteName: new URL(ctx.config.siteUrl).host, now: ctx.now });
  const auth = createAuthService(ctx.db, ctx.jwtSecret, ctx.now, ctx.activity, mail, keys);
  const secure = ctx.config.siteUrl.startsWith("https:");
  const origin = (request: Request) => ({ ip: ctx.clientIp(request), userAgent: request.headers.get("user-agent") ?? "" });
  const attempt = (request: Request, device: unknown) => ({ ...origin(request), device: typeof device === "string" ? device : undefined });
  const setDeviceCookie = (cookie: Record<string, Cookie<unknown>>, value: string) =>
    cookie[DEVICE_COOKIE]!.set({ value, path: "/api/admin", maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS, httpOnly: true, sameSite: "strict", secure });
  /** The session a bearer token names, for the open routes that act on one; null without a valid one. */
  const sessionOf = (request: Request) => auth.authenticate(request, ctx.clientIp(request)).catch(() => null);

  return {
    public: new Elysia()
      // A password (then, on a new device while mail is on, the mailed code with its ticket), or a passkey.
      .post("/api/admin/login", async ({ body, request, cookie }) => {
        const from = attempt(request, cookie[DEVICE_COOKIE]?.value);
        let result: LoginResult;
        if (body && typeof body === "object" && "passkey" in body) {
          const { passkey } = parseBody(body, passkeyLoginSchema);
          result = await auth.loginWithPasskey(passkey as unknown as AuthenticationResponseJSON, from);
        } else if (body && typeof body === "object" && "ticket" in body) {
          const { ticket, code } = parseBody(body, loginCodeSchema);
          result = await auth.loginWithCode(ticket, code.trim(), from);
        } else {
          const { username, password } = parseBody(body, loginSchema);
          result = await auth.login(username, password, from);
        }
        if ("codeRequired" in result) return result;
        setDeviceCookie(cookie, result.device);
        return { token: result.token };
      })
      // Whether the login card offers mailed links and codes.
      .get("/api/auth/options", () => ({ mail: mail.enabled }))
      .post("/api/auth/passkey-options", ({ body }) => {
        parseBody(body ?? {}, signOutSchema);
        return keys.authenticationOptions();
      })
      .post("/api/auth/forgot-password", ({ body, request }) => mail.forgotPassword(parseBody(body, forgotPasswordSchema).login, origin(request)))
      .post("/api/auth/reset-password", ({ body, request }) => {
        const { token, newPassword } = parseBody(body, linkResetSchema);
        return auth.resetWithLink(token, newPassword, origin(request));
      })
      // Logout: ends the session the bearer token names (the device stays known). Open, so a token already refused
      // can still be dropped; it answers the same either way.
      .post("/api/auth/logout", async ({ body, request, set }) => {
        parseBody(body ?? {}, signOutSchema);
        const session = await sessionOf(request);
        if (session) auth.logout(session, origin(request));
        set.status = 204;
      })
      // 'Sign out everywhere': every device, this one too, by the bearer token of a signed-in device or by the signed
      // link of a notice ('Not you? Sign out everywhere').
      .post("/api/auth/sign-out-everywhere", async ({ body, request }) => {
        const { link } = parseBody(body ?? {}, signOutSchema);
        if (link) {
          const userId = mail.signOutLinkUser(link);
          if (userId === null) throw unauthorized(LINK_INVALID);
          auth.signOutEverywhere(userId, origin(request), "with the link of a mailed notice");
        } else {
          const session = await sessionOf(request);
          if (!session) throw unauthorized("Authentication required");
          auth.signOutEverywhere(session.userId, origin(request), "from the account area");
        }
        return { success: true, message: "Every device is signed out." };
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
      .get("/account", ({ request }) => auth.account(auth.session(request).userId))
      .patch("/account", ({ body, request }) =>
        auth.setAccountEmail(auth.session(request).userId, parseBody(body, accountEmailSchema).email ?? null, origin(request)),
      )
      .get("/passkeys", ({ request }) => keys.list(auth.session(request).userId))
      .post("/passkeys/options", ({ request, body }) => {
        parseBody(body ?? {}, signOutSchema);
        const { username } = auth.account(auth.session(request).userId);
        return keys.registrationOptions({ id: auth.session(request).userId, username });
      })
      .post("/passkeys", ({ body, request, set }) => {
        const { name, response } = parseBody(body, passkeyAddSchema);
        set.status = 201;
        return auth.addPasskey(auth.session(request).userId, name, response as unknown as RegistrationResponseJSON, origin(request));
      })
      .delete("/passkeys/:id", ({ params, request, set }) => {
        auth.removePasskey(auth.session(request).userId, params.id, origin(request));
        set.status = 204;
      })
      .get("/sessions", ({ request }) => auth.devices(auth.session(request)))
      .delete("/sessions/:id", ({ params, request, set }) => {
        auth.signOutDevice(auth.session(request), params.id, origin(request));
        set.status = 204;
      }),
  };
}
