import type { Db } from "@db/client.ts";
import { type Subscriber, subscribers } from "@db/schema.ts";
import { notFound } from "@server/lib/errors.ts";
import { containing, pageOf } from "@server/lib/paging.ts";
import type { Signer } from "@server/lib/signer.ts";
import { SUBSCRIBERS_PAGE_SIZE } from "@server/shared/constants.ts";
import { and, count, desc, eq } from "drizzle-orm";
import type { Outbox } from "../mail/index.ts";
import type { SubscriberCounts, SubscribersPage, SubscribersPageQuery } from "./model.ts";

type LinkPurpose = "confirm" | "unsubscribe";

/** Signed links of the double opt-in and the unsubscribe (issue 15): bound to one row and its address. */
export function subscriberLinks(signer: Signer, siteUrl: string) {
  const links = signer.for("newsletter");
  const signed = (purpose: LinkPurpose, subscriber: Pick<Subscriber, "id" | "email">) => `${purpose}:${subscriber.id}:${subscriber.email}`;
  return {
    url: (purpose: LinkPurpose, subscriber: Pick<Subscriber, "id" | "email">) =>
      `${siteUrl}/api/newsletter/${purpose}?id=${subscriber.id}&token=${links.sign(signed(purpose, subscriber))}`,
    verify: (purpose: LinkPurpose, subscriber: Pick<Subscriber, "id" | "email">, token: string) =>
      links.verify(signed(purpose, subscriber), token) || signer.verifyUnderived(`newsletter:${signed(purpose, subscriber)}`, token),
  };
}

export type SubscriberLinks = ReturnType<typeof subscriberLinks>;

export function createSubscribersService(db: Db, outbox: Outbox, links: SubscriberLinks) {
  const newestFirst = [desc(subscribers.createdAt), desc(subscribers.id)];
  const list = db
    .select()
    .from(subscribers)
    .orderBy(...newestFirst)
    .prepare();
  const counts = (): SubscriberCounts => {
    const byState = db.select({ state: subscribers.state, count: count() }).from(subscribers).groupBy(subscribers.state).all();
    const of = (state: Subscriber["state"]) => byState.find((row) => row.state === state)?.count ?? 0;
    const [confirmed, pending, unsubscribed] = [of("confirmed"), of("pending"), of("unsubscribed")];
    return { confirmed, pending, unsubscribed, all: confirmed + pending + unsubscribed };
  };
  const findByEmail = (email: string) => db.select().from(subscribers).where(eq(subscribers.email, email)).get();
  const findById = (id: number) => db.select().from(subscribers).where(eq(subscribers.id, id)).get();
  const setState = (id: number, state: Subscriber["state"]) => db.update(subscribers).set({ state }).where(eq(subscribers.id, id)).run();
  const linked = (purpose: LinkPurpose, id: number, token: string) => {
    const subscriber = findById(id);
    return subscriber && links.verify(purpose, subscriber, token) ? subscriber : undefined;
  };

  return {
    /**
     * Adds a newsletter address (already trimmed and lower-cased by the schema). With mail on, the address is pending
     * and gets a confirmation mail (again while it stays pending; the public forms' mails are limited per address); an
     * address that unsubscribed starts a new opt-in, under a new row so that its old links are void. An address
     * already subscribed is left as it is and mailed nothing (issue 30: the caller answers it as a new one).
     */
    subscribe(email: string) {
      db.transaction(() => {
        const existing = findByEmail(email);
        if (existing?.state === "confirmed" || (existing?.state === "pending" && !outbox.enabled)) return;
        if (existing?.state === "unsubscribed") db.delete(subscribers).where(eq(subscribers.id, existing.id)).run();
        const subscriber =
          existing?.state === "pending"
            ? existing
            : db
                .insert(subscribers)
                .values({ email, state: outbox.enabled ? "pending" : "confirmed" })
                .returning()
                .get();
        outbox.addFromPublicForm("newsletter-confirmation", email, "Please confirm your newsletter subscription", {
          confirmUrl: links.url("confirm", subscriber),
        });
      });
    },

    /** The link of the confirmation mail: pending → confirmed (a second click changes nothing). */
    confirm(id: number, token: string): boolean {
      const subscriber = linked("confirm", id, token);
      if (!subscriber || subscriber.state === "unsubscribed") return false;
      if (subscriber.state === "pending") setState(id, "confirmed");
      return true;
    },

    /** The body's unsubscribe link, before its page's button is pressed: does it name an address? */
    isUnsubscribeLink: (id: number, token: string) => linked("unsubscribe", id, token) !== undefined,

    /** RFC 8058 one-click, or the page's button: no more newsletters to this address (idempotent). */
    unsubscribe(id: number, token: string): boolean {
      if (!linked("unsubscribe", id, token)) return false;
      setState(id, "unsubscribed");
      return true;
    },

    list: () => list.all(),

    /** The admin's page of addresses: searched and filtered in SQLite, newest first, with the whole list's counts. */
    page({ search, state = "all", page }: SubscribersPageQuery): SubscribersPage {
      const where = and(containing(search, subscribers.email), state === "all" ? undefined : eq(subscribers.state, state));
      const total = db.select({ count: count() }).from(subscribers).where(where).get()?.count ?? 0;
      const at = pageOf(page, total, SUBSCRIBERS_PAGE_SIZE);
      const items = db
        .select()
        .from(subscribers)
        .where(where)
        .orderBy(...newestFirst)
        .limit(at.pageSize)
        .offset(at.offset)
        .all();
      return { items, total, page: at.page, pageSize: at.pageSize, counts: counts() };
    },
    remove(id: number) {
      const deleted = db.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id }).get();
      if (!deleted) throw notFound("Subscriber not found");
      return { success: true };
    },
  };
}
