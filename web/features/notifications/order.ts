import { NOTIFICATION_TYPES } from "@server/shared/constants.ts";
import type { Notification } from "@web/lib/api-types.ts";

const RANK: Record<string, number> = { "priority-1": 0, "priority-2": 1, "priority-3": 2 };

/** Spec §2.1: priority-1, priority-2, priority-3, then the others (in their given order). */
export function orderNotifications(list: Notification[]): Notification[] {
  return list
    .map((item, position) => ({ item, position }))
    .sort((a, b) => (RANK[a.item.type] ?? 3) - (RANK[b.item.type] ?? 3) || a.position - b.position)
    .map(({ item }) => item);
}

/** Spec §3: any type the banner does not know is shown as info. */
export type BannerType = (typeof NOTIFICATION_TYPES)[number];
export const bannerType = (type: string): BannerType => ((NOTIFICATION_TYPES as readonly string[]).includes(type) ? (type as BannerType) : "info");
