import type { ModuleContext } from "@server/context.ts";
import { answers, deleted, done } from "@server/lib/answers.ts";
import { badRequest } from "@server/lib/errors.ts";
import { createSpamGuard, formBody } from "@server/lib/spam.ts";
import { idParam, linkQuery, standard } from "@server/lib/validate.ts";
import { HONEYPOT_FIELD } from "@server/shared/constants.ts";
import { newsletterPath, SITE_FORM_FIELD, unsubscribePagePath } from "@server/shared/newsletter-links.ts";
import { newsletterMailSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { newsletterList, newsletterSchema, newsletterSent, subscriberList, subscribersPage, subscribersPageQuerySchema } from "./model.ts";
import { createNewslettersService } from "./newsletters.ts";
import { createSubscribersService, subscriberLinks } from "./service.ts";

export { newsletterSchema };

/** Newsletter sign-ups from the footer (double opt-in while mail is on), managed in the admin's Subscribers tab. */
export function subscribersModule(ctx: ModuleContext<"outbox" | "signer" | "auth">) {
  const { outbox, signer } = ctx.services;
  const links = subscriberLinks(signer, ctx.config.siteUrl);
  const service = createSubscribersService(ctx.db, outbox, links);
  const newsletters = createNewslettersService(ctx.db, outbox, links);
  const spam = createSpamGuard(ctx, 10);
  return (
    new Elysia({ name: "subscribers", prefix: "/api" })
      .use(ctx.access)
      .post(
        "/newsletter",
        ({ body: { [HONEYPOT_FIELD]: trap, email }, request, status }) => {
          // A bot, an address already subscribed and a new one get the same answer (issue 30).
          if (!spam.isBot(request, trap)) service.subscribe(email);
          return status(201, { success: true, message: "Subscribed" });
        },
        { form: true, body: formBody(newsletterSchema), response: answers(done, 201) },
      )
      // The links land on the site (src/shared/newsletter-links.ts): its page shows the outcome, or the one button
      // that unsubscribes, so that a mail scanner following links unsubscribes nobody.
      .get(
        "/newsletter/confirm",
        ({ query: { id, token }, redirect }) => redirect(newsletterPath(service.confirm(id, token) ? "confirmed" : "invalid"), 303),
        { query: linkQuery },
      )
      .get(
        "/newsletter/unsubscribe",
        ({ query: { id, token }, redirect }) =>
          redirect(service.isUnsubscribeLink(id, token) ? unsubscribePagePath(id, token) : newsletterPath("invalid"), 303),
        { query: linkQuery },
      )
      // RFC 8058: a POST of `List-Unsubscribe=One-Click` to the List-Unsubscribe URL, no cookie, no login, answered
      // at once; the site's button posts here too (with SITE_FORM_FIELD) and is sent back to the site.
      .post(
        "/newsletter/unsubscribe",
        ({ query, body, redirect }) => {
          const done = service.unsubscribe(query.id, query.token);
          if (body && typeof body === "object" && SITE_FORM_FIELD in body) return redirect(newsletterPath(done ? "unsubscribed" : "invalid"), 303);
          if (!done) throw badRequest("This link is not valid");
          return { success: true, message: "You are unsubscribed" };
        },
        { form: true, query: linkQuery, response: answers(done) },
      )
      .group("/admin", { admin: true }, (admin) =>
        admin
          // Every address (the client's 'Export CSV'), and the page the tab shows.
          .get("/subscribers", () => service.list(), { response: answers(subscriberList) })
          .get("/subscribers/page", ({ query }) => service.page(query), {
            query: standard(subscribersPageQuerySchema),
            response: answers(subscribersPage),
          })
          .delete("/subscribers/:id", ({ params }) => service.remove(params.id), {
            params: idParam("Subscriber not found"),
            response: answers(deleted),
          })
          .get("/newsletters", () => newsletters.list(), { response: answers(newsletterList) })
          .post("/newsletters", ({ body, status }) => status(201, newsletters.send(body)), {
            body: standard(newsletterMailSchema),
            response: answers(newsletterSent, 201),
          })
          .post(
            "/newsletters/test",
            ({ body, session, status }) => status(201, newsletters.sendTest(body, ctx.services.auth.account(session.userId).email)),
            {
              body: standard(newsletterMailSchema),
              response: answers(done, 201),
            },
          ),
      )
  );
}
