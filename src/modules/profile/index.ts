import type { ModuleContext } from "@server/context.ts";
import { answers } from "@server/lib/answers.ts";
import { standard } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { Elysia } from "elysia";
import { profilePatchSchema, publicProfile } from "./model.ts";
import { createProfileService } from "./service.ts";

export type { PublicProfile } from "./model.ts";

export function profileModule(ctx: ModuleContext<"payments">) {
  const service = createProfileService(ctx.db, ctx.now, {
    timezone: ctx.config.timezone,
    classBookingWeeks: ctx.config.classBookingWeeks,
    payments: { enabled: ctx.services.payments.enabled, currency: ctx.services.payments.currency },
  });
  return new Elysia({ name: "profile", prefix: "/api" })
    .use(ctx.access)
    .get(
      "/profile",
      cachedRead(ctx.cache, publicProfile, () => service.get()),
      { response: answers(publicProfile) },
    )
    .patch("/admin/profile", ({ body }) => service.update(body), {
      admin: true,
      body: standard(profilePatchSchema),
      response: answers(publicProfile),
    });
}
