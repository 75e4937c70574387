import type { ModuleContext } from "@server/context.ts";
import { answers, deleted } from "@server/lib/answers.ts";
import { createSpamGuard, formBody } from "@server/lib/spam.ts";
import { idParam, standard } from "@server/lib/validate.ts";
import { HONEYPOT_FIELD } from "@server/shared/constants.ts";
import { Elysia } from "elysia";
import { contactSchema, messageAnswer, messageList, messagesPage, messagesPageQuerySchema, sent } from "./model.ts";
import { createMessagesService } from "./service.ts";

export { contactSchema };

/** The contact form's messages: sent by visitors, read by the admin. */
export function messagesModule(ctx: ModuleContext<"outbox">) {
  const service = createMessagesService(ctx.db, ctx.services.outbox);
  const spam = createSpamGuard(ctx, 5);
  const params = idParam("Message not found");
  return new Elysia({ name: "messages", prefix: "/api" })
    .use(ctx.access)
    .post(
      "/contact",
      ({ body: { [HONEYPOT_FIELD]: trap, ...input }, request, status }) => {
        if (!spam.isBot(request, trap)) service.create(input);
        return status(201, { success: true });
      },
      { form: true, body: formBody(contactSchema), response: answers(sent, 201) },
    )
    .group("/admin/messages", { admin: true }, (admin) =>
      admin
        // Every message (as the spec's route answers), and the page the tab shows.
        .get("", () => service.list(), { response: answers(messageList) })
        .get("/page", ({ query }) => service.page(query), { query: standard(messagesPageQuerySchema), response: answers(messagesPage) })
        .patch("/:id/read", ({ params }) => service.markRead(params.id), { params, response: answers(messageAnswer) })
        .delete("/:id", ({ params }) => service.remove(params.id), { params, response: answers(deleted) }),
    );
}
