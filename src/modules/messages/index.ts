import type { AppContext, Module } from "@server/context.ts";
import { createSpamGuard } from "@server/lib/spam.ts";
import { parseBody, parseId } from "@server/lib/validate.ts";
import { contactSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { createOutbox } from "../mail/outbox.ts";
import { createMessagesService } from "./service.ts";

/** The contact form's messages: sent by visitors, read by the admin. */
export function messagesModule(ctx: AppContext): Module {
  const service = createMessagesService(ctx.db, createOutbox(ctx.db, ctx.config));
  const spam = createSpamGuard(ctx, 5);
  const id = (raw: string) => parseId(raw, "Message not found");
  return {
    public: new Elysia().post("/api/contact", ({ body, request, set }) => {
      const input = parseBody(body, contactSchema);
      set.status = 201;
      if (spam.isBot(request, body)) return { success: true };
      service.create(input);
      return { success: true };
    }),
    // Paths under /api/admin, behind the login guard (src/app.ts).
    admin: new Elysia()
      .get("/messages", () => service.list())
      .patch("/messages/:id/read", ({ params }) => service.markRead(id(params.id)))
      .delete("/messages/:id", ({ params }) => service.remove(id(params.id))),
  };
}
