// The subscribers module's body, queries and answers (the newsletter forms' schemas are src/shared/schemas.ts, which
// the web shares).

import { subscribers } from "@db/schema.ts";
import { type AnswerOf, answer, doneWith, paged, rowOf } from "@server/lib/answers.ts";
import { pageParam, searchParam } from "@server/lib/paging.ts";
import { email } from "@server/shared/validation.ts";
import { array, enums, type Infer, number, object, optional, string } from "superstruct";

const SUBSCRIBER_STATES = ["confirmed", "pending", "unsubscribed"] as const;

/** POST /api/newsletter: the footer's form checks less (src/shared/schemas.ts); the server wants a valid address. */
export const newsletterSchema = object({ email: email("Please enter a valid email address") });

/** `GET /api/admin/subscribers/page?search=&state=&page=`: words of the address, a state or all, the page. */
export const subscribersPageQuerySchema = object({
  search: searchParam,
  state: optional(enums(["all", ...SUBSCRIBER_STATES])),
  page: pageParam,
});
export type SubscribersPageQuery = Infer<typeof subscribersPageQuerySchema>;

const subscriberRow = rowOf(subscribers);
export const subscriberList = answer(array(subscriberRow));
/** One page of the addresses matching the search and state, newest first, and how many are in each state and in all. */
export const subscribersPage = answer(
  paged(subscriberRow, { counts: object({ confirmed: number(), pending: number(), unsubscribed: number(), all: number() }) }),
);
export type SubscribersPage = AnswerOf<typeof subscribersPage>;
export type SubscriberCounts = SubscribersPage["counts"];
/** The admin's newsletters, each with its copies counted by state. */
export const newsletterList = answer(
  array(object({ id: number(), subject: string(), createdAt: string(), recipients: number(), sent: number(), failed: number(), waiting: number() })),
);
export const newsletterSent = doneWith({ id: number() });
