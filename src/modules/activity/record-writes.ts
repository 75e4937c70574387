// The admin group's activity hook: every successful admin write is recorded (what, which record, when, from where).
// Routes that record their own, more telling entry (a password change, a passkey) are left to it.

import type { AppContext } from "@server/context.ts";
import { describeUserAgent } from "@server/modules/auth/user-agent.ts";

type AfterWrite = { request: Request; route: string; params: Record<string, unknown>; set: { status?: unknown }; responseValue: unknown };

/** The record a write touched: the route's `:id`, else the id of what it created. */
function targetOf(params: Record<string, unknown>, answer: unknown): string | null {
  const named = params.id ?? params.name;
  if (typeof named === "string" || typeof named === "number") return String(named).slice(0, 100);
  const id = answer && typeof answer === "object" && "id" in answer ? (answer as { id: unknown }).id : undefined;
  return typeof id === "number" || typeof id === "string" ? String(id) : null;
}

export function recordAdminWrites({ activity, clientIp }: Pick<AppContext, "activity" | "clientIp">) {
  return ({ request, route, params, set, responseValue }: AfterWrite) => {
    if (request.method === "GET" || request.method === "HEAD" || activity.recorded(request)) return;
    const status = responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200;
    if (status >= 400) return;
    activity.record({
      kind: "write",
      // The route's pattern, never its query or body: "DELETE /events/:id".
      summary: `${request.method} ${route.replace(/^\/api\/admin/, "")}`,
      target: targetOf(params ?? {}, responseValue),
      ip: clientIp(request),
      device: describeUserAgent(request.headers.get("user-agent") ?? ""),
    });
  };
}
