import { Elysia } from "elysia";
import type { AppContext, Module } from "../../context.ts";
import { createSpamGuard } from "../../lib/spam.ts";
import { parseBody, parseId } from "../../lib/validate.ts";
import { newsletterSchema } from "../../shared/schemas.ts";
import { createSubscribersService } from "./service.ts";

/** Newsletter sign-ups from the footer, managed in the admin's Subscribers tab. */
export function subscribersModule(ctx: AppContext): Module {
  const service = createSubscribersService(ctx.db);
  const spam = createSpamGuard(ctx, 10);
  return {
    public: new Elysia().post("/api/newsletter", ({ body, request, set }) => {
      const { email } = parseBody(body, newsletterSchema);
      if (!spam.isBot(request, body)) service.subscribe(email);
      set.status = 201;
      return { success: true, message: "Subscribed" };
    }),
    // Paths under /api/admin, behind the login guard (src/app.ts).
    admin: new Elysia()
      .get("/subscribers", () => service.list())
      .delete("/subscribers/:id", ({ params }) => service.remove(parseId(params.id, "Subscriber not found"))),
  };
}
