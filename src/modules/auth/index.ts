import type { ModuleContext } from "@server/context.ts";
import { answers, done, noContent } from "@server/lib/answers.ts";
import { unauthorized } from "@server/lib/errors.ts";
import { standard } from "@server/lib/validate.ts";
import { resetPasswordSchema } from "@server/shared/schemas.ts";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { type Cookie, Elysia } from "elysia";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from "./device-cookie.ts";
import { LINK_INVALID } from "./mail-steps.ts";
import {
  account,
  accountEmailSchema,
  authOptions,
  confirmBody,
  confirmEmailSchema,
  confirmed,
  deviceList,
  emailConfirmed,
  forgotPasswordSchema,
  linkResetSchema,
  loginAnswer,
  loginBody,
  mailSent,
  passkeyAddSchema,
  passkeyAnswer,
  passkeyCreationOptions,
  passkeyList,
  passkeyRequestOptions,
  passwordChanged,
  signOutEverywhereSchema,
  signOutSchema,
} from "./model.ts";
import { CHALLENGE_MS, PASSKEY_COOKIE } from "./passkeys.ts";
import type { LoginResult } from "./service.ts";
import type { Session } from "./sessions.ts";

export { createAuthService } from "./service.ts";
export type { Session };

/**
 * The admin's sign-in (open to anyone: POST /api/admin/login is the one admin path that is a public route; the other
 * open steps are under /api/auth), the password change, the account's e-mail, passkeys and signed-in devices. The
 * guard every admin route sits behind is `auth.authenticate`, in the `admin` macro (src/plugins/access.ts).
 */
export function authModule(ctx: ModuleContext<"auth">) {
  const { auth } = ctx.services;
  const { mail, keys } = auth;
  const secure = ctx.config.siteUrl.startsWith("https:");
  const origin = (request: Request) => ({ ip: ctx.clientIp(request), userAgent: request.headers.get("user-agent") ?? "" });
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const attempt = (request: Request, device: unknown) => ({ ...origin(request), device: text(device) });
  const setDeviceCookie = (cookie: Record<string, Cookie<unknown>>, value: string) =>
    // biome-ignore lint/style/noNonNullAssertion: Elysia creates a cookie jar entry for any name on access
    cookie[DEVICE_COOKIE]!.set({ value, path: "/api/admin", maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS, httpOnly: true, sameSite: "strict", secure });
  /** The session a bearer token names, for the open routes that act on one; null without a valid one. */
  const sessionOf = (request: Request) => auth.authenticate(request, ctx.clientIp(request)).catch(() => null);
  /** The sensitive changes (account e-mail, passkeys, password): a proof within the last 10 minutes, else a 403. */
  const recentProof = { beforeHandle: ({ session }: { session: Session }) => auth.requireRecentProof(session) };

  return (
    new Elysia({ name: "auth" })
      .use(ctx.access)
      // A password (then, on a new device while mail is on, the mailed code with its ticket), or a passkey.
      .post(
        "/api/admin/login",
        async ({ body, request, cookie }) => {
          const from = attempt(request, cookie[DEVICE_COOKIE]?.value);
          let result: LoginResult;
          if ("passkey" in body) {
            result = await auth.loginWithPasskey(body.passkey as unknown as AuthenticationResponseJSON, from, text(cookie[PASSKEY_COOKIE]?.value));
          } else if ("ticket" in body) {
            result = await auth.loginWithCode(body.ticket, body.code.trim(), from);
          } else {
            result = await auth.login(body.username, body.password, from);
          }
          if ("codeRequired" in result) return result;
          setDeviceCookie(cookie, result.device);
          return { token: result.token };
        },
        { form: true, body: loginBody, response: answers(loginAnswer) },
      )
      // Whether the login card offers mailed links and codes.
      .get("/api/auth/options", () => ({ mail: mail.enabled }), { response: answers(authOptions) })
      // The challenge goes to this browser's cookie, which the login's passkey step is checked against.
      .post(
        "/api/auth/passkey-options",
        async ({ request, cookie }) => {
          const { optionsJSON, cookie: challenges } = await auth.passkeyOptions(origin(request), text(cookie[PASSKEY_COOKIE]?.value));
          // biome-ignore lint/style/noNonNullAssertion: Elysia creates a cookie jar entry for any name on access
          cookie[PASSKEY_COOKIE]!.set({ value: challenges, path: "/api", maxAge: CHALLENGE_MS / 1000, httpOnly: true, sameSite: "strict", secure });
          return optionsJSON;
        },
        { form: true, body: standard(signOutSchema), response: answers(passkeyRequestOptions) },
      )
      .post("/api/auth/forgot-password", ({ body, request }) => mail.forgotPassword(body.login, origin(request)), {
        form: true,
        body: standard(forgotPasswordSchema),
        response: answers(mailSent),
      })
      .post(
        "/api/auth/reset-password",
        async ({ body, request, cookie }) => {
          const { answer, device } = await auth.resetWithLink(body, origin(request));
          setDeviceCookie(cookie, device);
          return answer;
        },
        { form: true, body: standard(linkResetSchema), response: answers(done) },
      )
      // A new 'Account e-mail' takes effect when its mailed link is opened (the page posts the fragment's token).
      .post("/api/auth/confirm-email", ({ body, request }) => mail.confirmEmailChange(body.token, origin(request)), {
        form: true,
        body: standard(confirmEmailSchema),
        response: answers(emailConfirmed),
      })
      // Logout: ends the session the bearer token names (the device stays known). Open, so a token already refused
      // can still be dropped; it answers the same either way.
      .post(
        "/api/auth/logout",
        async ({ request, status }) => {
          const session = await sessionOf(request);
          if (session) auth.logout(session, origin(request));
          return status(204, undefined);
        },
        { form: true, body: standard(signOutSchema), response: answers(noContent, 204) },
      )
      // 'Sign out everywhere': every device, this one too, by the bearer token of a signed-in device or by the signed
      // link of a notice ('Not you? Sign out everywhere'); 'Also remove all passkeys' asks a signed-in device for a
      // recent proof, as removing one passkey does (the mailed link is its own).
      .post(
        "/api/auth/sign-out-everywhere",
        async ({ body: { link, removePasskeys }, request }) => {
          if (link) {
            const userId = mail.signOutLinkUser(link);
            if (userId === null) throw unauthorized(LINK_INVALID);
            auth.signOutEverywhere(userId, origin(request), "with the link of a mailed notice", removePasskeys);
          } else {
            const session = await sessionOf(request);
            if (!session) throw unauthorized("Authentication required");
            if (removePasskeys) auth.requireRecentProof(session);
            auth.signOutEverywhere(session.userId, origin(request), "from the account area", removePasskeys);
          }
          return { success: true, message: "Every device is signed out." };
        },
        { form: true, body: standard(signOutEverywhereSchema), response: answers(done) },
      )
      // The account's routes record their own entries (src/modules/activity/record-writes.ts leaves them alone).
      .group("/api/admin", { admin: true, recordsItself: true }, (admin) =>
        admin
          // 'Confirm it's you': the password or a passkey again, for the sensitive changes below.
          .post(
            "/confirm",
            async ({ body, request, cookie, session }) => {
              const from = attempt(request, cookie[DEVICE_COOKIE]?.value);
              if ("passkey" in body) {
                const challengeCookie = text(cookie[PASSKEY_COOKIE]?.value);
                return auth.confirm(session, { passkey: body.passkey as unknown as AuthenticationResponseJSON, challengeCookie }, from);
              }
              return auth.confirm(session, body, from);
            },
            { body: confirmBody, response: answers(confirmed) },
          )
          .post(
            "/reset-password",
            ({ body, request, cookie, session }) => auth.resetPassword(body, attempt(request, cookie[DEVICE_COOKIE]?.value), session),
            { body: standard(resetPasswordSchema), response: answers(passwordChanged), ...recentProof },
          )
          .get("/account", ({ session }) => auth.account(session.userId), { response: answers(account) })
          .patch("/account", ({ body, request, session }) => auth.setAccountEmail(session.userId, body.email ?? null, origin(request)), {
            body: standard(accountEmailSchema),
            response: answers(account),
            ...recentProof,
          })
          .get("/passkeys", ({ session }) => keys.list(session.userId), { response: answers(passkeyList) })
          .post(
            "/passkeys/options",
            ({ session }) => keys.registrationOptions({ id: session.userId, username: auth.account(session.userId).username }),
            { body: standard(signOutSchema), response: answers(passkeyCreationOptions), ...recentProof },
          )
          .post(
            "/passkeys",
            async ({ body, request, status, session }) =>
              status(201, await auth.addPasskey(session.userId, body.name, body.response as unknown as RegistrationResponseJSON, origin(request))),
            { body: standard(passkeyAddSchema), response: answers(passkeyAnswer, 201), ...recentProof },
          )
          .delete(
            "/passkeys/:id",
            ({ params, request, status, session }) => {
              auth.removePasskey(session.userId, params.id, origin(request));
              return status(204, undefined);
            },
            { response: answers(noContent, 204), ...recentProof },
          )
          .get("/sessions", ({ session }) => auth.devices(session), { response: answers(deviceList) })
          .delete(
            "/sessions/:id",
            ({ params, request, status, session }) => {
              auth.signOutDevice(session, params.id, origin(request));
              return status(204, undefined);
            },
            { response: answers(noContent, 204) },
          ),
      )
  );
}
