// The subscribers module's queries and answers (the newsletter forms' schemas are src/shared/schemas.ts, which the web shares).

import type { Subscriber } from "@db/schema.ts";
import { type Paged, pageParam, searchParam } from "@server/lib/paging.ts";
import { enums, type Infer, object, optional } from "superstruct";

const SUBSCRIBER_STATES = ["confirmed", "pending", "unsubscribed"] as const;

/** `GET /api/admin/subscribers/page?search=&state=&page=`: words of the address, a state or all, the page. */
export const subscribersPageQuerySchema = object({
  search: searchParam,
  state: optional(enums(["all", ...SUBSCRIBER_STATES])),
  page: pageParam,
});
export type SubscribersPageQuery = Infer<typeof subscribersPageQuerySchema>;

/** How many addresses are in each state and in all, over the whole list (the header, the filter and the newsletter's count). */
export type SubscriberCounts = Record<Subscriber["state"] | "all", number>;

/** One page of the addresses matching the search and state, newest first, and the whole list's counts. */
export type SubscribersPage = Paged<Subscriber> & { counts: SubscriberCounts };
