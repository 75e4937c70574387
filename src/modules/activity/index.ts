import type { ModuleContext } from "@server/context.ts";
import { answers } from "@server/lib/answers.ts";
import { ACTIVITY_KINDS, type ActivityKind } from "@server/shared/activity-kinds.ts";
import { Elysia } from "elysia";
import { activityList } from "./model.ts";

export { recordAdminWrites } from "./record-writes.ts";
export { type Activity, createActivity, quoted } from "./service.ts";

/** GET /api/admin/activity?kind=&before=: the account's activity, newest first, 50 at a time. */
export function activityModule(ctx: ModuleContext<"activity">) {
  return new Elysia({ name: "activity", prefix: "/api/admin" }).use(ctx.access).get(
    "/activity",
    ({ query }) => {
      const kind = typeof query.kind === "string" && query.kind in ACTIVITY_KINDS ? (query.kind as ActivityKind) : undefined;
      const before = Number(query.before);
      return ctx.services.activity.list({ kind, before: Number.isInteger(before) && before > 0 ? before : undefined });
    },
    { admin: true, response: answers(activityList) },
  );
}
