// What a route declares about who may call it and which body it reads, as Elysia macros: each route (or group) says
// it, so no hook depends on the order in which src/app.ts uses the modules.
import { ADMIN_BODY_LIMIT, limitedBodyParser, PUBLIC_BODY_LIMIT } from "@server/lib/body.ts";
import type { PublicCache } from "@server/lib/public-cache.ts";
import { Elysia, ElysiaCustomStatusResponse } from "elysia";

/** THE check of a signed-in request (src/modules/auth: `authenticate`): its session, or a 401. */
type Verify<Session> = (request: Request) => Promise<Session>;
/** The request's check, kept on Elysia's context of the request: the parser, `resolve` and `beforeHandle` share it. */
const CHECK = Symbol("admin check");
/** What a write's record was before it ran, kept on the request's context for its entry in the activity log. */
const BEFORE = Symbol("record before the write");
/** Set on the context of a route that records its own entry (`recordsItself: true`). */
const OWN_ENTRY = Symbol("records its own entry");
type Checked<Session> = { request: Request; [CHECK]?: Promise<Session>; [BEFORE]?: unknown; [OWN_ENTRY]?: true };
type WriteContext = { request: Request; route: string; params: Record<string, string | undefined> };
/**
 * What an admin route also does (src/modules/activity/record-writes.ts): `before` it runs (once signed in) it reads
 * the record the write changes, and `after` it answered it writes a successful write's entry in the activity log.
 */
type Writes<Before> = {
  before: (context: WriteContext) => Before;
  after: (context: WriteContext & { before: Before; body?: unknown; set: { status?: unknown }; responseValue: unknown }) => void;
};

/**
 * - `admin: true`: behind the login: a request without a valid token is answered 401 before a byte of its body is
 *   read (Elysia parses before `beforeHandle`, so the parser checks first; the check runs once per request); the
 *   handler receives its `session`; its body is read within 1 MB; a successful write makes the public answers be
 *   built again.
 * - `admin: "stream"`: the same for a route that reads its own body within its own limit (an upload, an import).
 * - `form: true`: a visitor's form, its body within 64 KB.
 * - `stream: true`: a public route that reads its own body within its own limit (Stripe's signed webhook).
 * A route that declares none of these reads no body. Elysia's guess from a handler's source is never relied on: in the
 * executable its source is minified, and a guess that the body is needed reads the stream before the route can.
 */
export function access<Session, Before>(
  verify: Verify<Session>,
  cache: PublicCache,
  writes: Writes<Before>,
  onRefused?: (request: Request, error: Error) => void,
) {
  const guard = (context: Checked<Session>): Promise<Session> =>
    (context[CHECK] ??= verify(context.request).catch((error: Error) => {
      onRefused?.(context.request, error);
      throw error;
    }));
  const adminBody = limitedBodyParser(ADMIN_BODY_LIMIT);
  const guardedBody = async (context: { request: Request; contentType: string }) => {
    await guard(context);
    return adminBody(context);
  };
  const guardAndRead = async (context: WriteContext & Checked<Session>) => {
    await guard(context);
    context[BEFORE] = writes.before(context);
  };
  type Answered = WriteContext & Checked<Session> & { body?: unknown; set: { status?: number | string }; responseValue: unknown };
  const invalidate = (context: Answered) => {
    // An answer made with `status(code, value)`: its code and value, as a plain one's `set.status` and value.
    const answered = context.responseValue instanceof ElysiaCustomStatusResponse ? context.responseValue : undefined;
    const status = answered ? answered.code : context.set.status;
    if (context.request.method !== "GET" && (typeof status !== "number" || status < 400)) cache.invalidate();
    if (context[OWN_ENTRY]) return;
    const before = context[BEFORE] as Before;
    writes.after(answered ? { ...context, before, set: { status }, responseValue: answered.response } : { ...context, before });
  };
  return new Elysia({ name: "access" }).macro({
    admin: (body: true | "stream") => ({
      // Elysia takes "none" here as on a route (it reads no body), though its macro type does not list it.
      parse: body === "stream" ? ("none" as unknown as typeof guardedBody) : guardedBody,
      // Before the params are checked: a stranger learns nothing from a 404 where a signed-in admin would get one.
      transform: async (context: Checked<Session>) => {
        await guard(context);
      },
      resolve: async (context: Checked<Session>) => ({ session: await guard(context) }),
      beforeHandle: guardAndRead,
      afterHandle: invalidate,
    }),
    form: { parse: limitedBodyParser(PUBLIC_BODY_LIMIT) },
    stream: { parse: "none" as unknown as ReturnType<typeof limitedBodyParser> },
    /** The route records its own, more telling entry in the activity log (the account's routes). */
    recordsItself: {
      beforeHandle: (context: Checked<Session>) => {
        context[OWN_ENTRY] = true;
      },
    },
  });
}

export type Access<Session> = ReturnType<typeof access<Session, unknown>>;
