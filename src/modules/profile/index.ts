import type { AppContext, Module } from "@server/context.ts";
import { parseBody } from "@server/lib/validate.ts";
import { profilePatchSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { createProfileService } from "./service.ts";

export function profileModule(ctx: AppContext): Module {
  const service = createProfileService(ctx.db, ctx.now, ctx.config.timezone);
  return {
    reads: { "/api/profile": () => service.get() },
    // Paths under /api/admin, behind the login guard (src/app.ts).
    admin: new Elysia().patch("/profile", ({ body }) => service.update(parseBody(body, profilePatchSchema))),
  };
}
