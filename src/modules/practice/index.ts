// Issue 40: My practice's routes. The sign-in is open to anyone and answers the same whoever asks; everything else is
// the signed-in student's own, by the session cookie (HttpOnly, SameSite=Lax, 30 days), and a 401 without it.
import type { ModuleContext } from "@server/context.ts";
import { answers, deleted } from "@server/lib/answers.ts";
import { unauthorized } from "@server/lib/errors.ts";
import { idParam, idParams, standard } from "@server/lib/validate.ts";
import { practiceSignInSchema, practiceVerifySchema } from "@server/shared/schemas.ts";
import { type Cookie, Elysia } from "elysia";
import {
  practiceAnswer,
  practiceBooked,
  practiceBookingSchema,
  practiceCancelled,
  sent,
  signedIn,
  standingSchema,
  standingStarted,
} from "./model.ts";
import { SESSION_DAYS } from "./sign-in.ts";

export { createPractice } from "./service.ts";

const COOKIE = "practice";
type Jar = Record<string, Cookie<unknown>>;

export function practiceModule(ctx: ModuleContext<"practice" | "bookings">) {
  const { practice, bookings } = ctx.services;
  const secure = ctx.config.siteUrl.startsWith("https:");
  const tokenOf = (cookie: Jar) => {
    const value = cookie[COOKIE]?.value;
    return typeof value === "string" ? value : undefined;
  };
  /** The signed-in student's address; a 401 without a live session. */
  const studentOf = (cookie: Jar) => {
    const email = practice.studentOf(tokenOf(cookie));
    if (!email) throw unauthorized("Sign in to My practice first");
    return email;
  };
  const setCookie = (cookie: Jar, value: string, maxAge: number) =>
    // biome-ignore lint/style/noNonNullAssertion: Elysia creates a cookie jar entry for any name on access
    cookie[COOKIE]!.set({ value, path: "/api/practice", maxAge, httpOnly: true, sameSite: "lax", secure });
  return new Elysia({ name: "practice", prefix: "/api/practice" })
    .use(ctx.access)
    .post("/sign-in", async ({ body, request, status }) => status(202, await practice.signIn(body.email, ctx.clientIp(request))), {
      form: true,
      body: standard(practiceSignInSchema),
      response: answers(sent, 202),
    })
    .post(
      "/verify",
      ({ body, request, cookie }) => {
        setCookie(cookie, practice.verify(body.email, body.code, ctx.clientIp(request)), SESSION_DAYS * 86_400);
        return { signedIn: true as const };
      },
      { form: true, body: standard(practiceVerifySchema), response: answers(signedIn) },
    )
    .get("", ({ cookie }) => practice.overview(studentOf(cookie)), { response: answers(practiceAnswer) })
    .post(
      "/sign-out",
      ({ cookie }) => {
        practice.signOut(tokenOf(cookie));
        setCookie(cookie, "", 0);
        return { success: true };
      },
      { form: true, response: answers(deleted) },
    )
    .post(
      "/sign-out-everywhere",
      ({ cookie }) => {
        practice.signOutEverywhere(studentOf(cookie));
        setCookie(cookie, "", 0);
        return { success: true };
      },
      { form: true, response: answers(deleted) },
    )
    .post(
      "/bookings",
      ({ body, cookie, status }) => {
        const student = practice.student(studentOf(cookie));
        const { registration, ...booked } = bookings.bookWithCredit({ kind: "class", id: body.classId, date: body.date }, student);
        ctx.cache.invalidate();
        return status(201, booked);
      },
      { form: true, body: standard(practiceBookingSchema), response: answers(practiceBooked, 201) },
    )
    .delete(
      "/bookings/:bookingId",
      ({ params, cookie }) => {
        const done = bookings.cancelForStudent(studentOf(cookie), params.bookingId);
        ctx.cache.invalidate();
        return done;
      },
      { form: true, params: idParams({ bookingId: "Booking not found" }), response: answers(practiceCancelled) },
    )
    .post(
      "/standing",
      ({ body, cookie, status }) => {
        const started = practice.standing.start(practice.student(studentOf(cookie)), body.classId, body.weekday);
        ctx.cache.invalidate();
        return status(201, started);
      },
      { form: true, body: standard(standingSchema), response: answers(standingStarted, 201) },
    )
    .delete("/standing/:id", ({ params, cookie }) => practice.standing.end(studentOf(cookie), params.id), {
      form: true,
      params: idParam("Standing booking not found"),
      response: answers(deleted),
    });
}
