import type { AppContext } from "@server/context.ts";
import { standard } from "@server/lib/validate.ts";
import { loginSchema, resetPasswordSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from "./device-cookie.ts";
import type { AuthService } from "./service.ts";

/**
 * The admin's login (open to anyone: the one admin path that is a public route) and the password reset. The guard
 * every admin route sits behind is `auth.verify`, in the `admin` macro (src/plugins/access.ts).
 */
export function authModule(ctx: AppContext, auth: AuthService) {
  const secure = ctx.config.siteUrl.startsWith("https:");
  const attempt = (request: Request, device: unknown) => ({
    ip: ctx.clientIp(request),
    device: typeof device === "string" ? device : undefined,
  });
  return new Elysia({ name: "auth", prefix: "/api/admin" })
    .use(ctx.access)
    .post(
      "/login",
      async ({ body: { username, password }, request, cookie }) => {
        const { token, device } = await auth.login(username, password, attempt(request, cookie[DEVICE_COOKIE]?.value));
        // biome-ignore lint/style/noNonNullAssertion: Elysia creates a cookie jar entry for any name on access
        cookie[DEVICE_COOKIE]!.set({
          value: device,
          path: "/api/admin",
          maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
          httpOnly: true,
          sameSite: "strict",
          secure,
        });
        return { token };
      },
      { form: true, body: standard(loginSchema) },
    )
    .post("/reset-password", ({ body, request, cookie }) => auth.resetPassword(body, attempt(request, cookie[DEVICE_COOKIE]?.value)), {
      admin: true,
      body: standard(resetPasswordSchema),
    });
}
