import { Elysia } from "elysia";
import type { AppContext, Module } from "../../context.ts";
import { parseBody } from "../../lib/validate.ts";
import { profilePatchSchema } from "../../shared/schemas.ts";
import { createProfileService } from "./service.ts";

export function profileModule(ctx: AppContext): Module {
  const service = createProfileService(ctx.db, ctx.now);
  return {
    public: new Elysia()
      .get("/api/profile", () => service.get()),
    // Paths under /api/admin, behind the login guard (src/api.ts).
    admin: new Elysia()
      .patch("/profile", ({ body }) => {
        const updated = service.update(parseBody(body, profilePatchSchema));
        ctx.onPublicChange();
        return updated;
      }),
  };
}
