import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { parseBody } from "../../lib/validate.ts";
import { profilePatchSchema } from "../../shared/schemas.ts";
import { createProfileService } from "./service.ts";

export function profileModule(ctx: AppContext) {
  const service = createProfileService(ctx.db, ctx.now);
  return new Elysia()
    .get("/api/profile", () => service.get())
    .patch("/api/admin/profile", ({ body }) => {
      const updated = service.update(parseBody(body, profilePatchSchema));
      ctx.onPublicChange();
      return updated;
    });
}
