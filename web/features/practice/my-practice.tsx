// A signed-in student's page (issue 40): her passes, her classes to come (each cancel saying first whether the credit
// comes back), booking a date with a credit (none: the drop-in or a pass), standing bookings, what she went to, and
// her receipts.
import type { PublicClass } from "@server/app.ts";
import { WEEKDAY_NAMES } from "@server/shared/calendar.ts";
import { formatClassStart, formatLongDate } from "@server/shared/dates.ts";
import { formatMoney } from "@server/shared/money.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { toast } from "@web/components/ui/toast.tsx";
import { ApiError, serverMessageOr } from "@web/lib/api.ts";
import { useState } from "react";
import { type Overview, useBook, useCancel, useSignOut, useStanding } from "./api.ts";
import { cardStyle, headingStyle, mutedStyle, rowStyle, rowsStyle } from "./layout.ts";

type Props = { me: Overview; classes: PublicClass[]; timezone: string; onBuyPass: () => void };

const NO_CREDIT = "You have no credit for this class";
const stateText = (booking: Overview["upcoming"][number]) =>
  booking.state === "waiting"
    ? `On the waiting list, number ${booking.position ?? "?"}`
    : booking.state === "pending"
      ? "Waiting for payment"
      : "Booked";
const attendedText = (attended: boolean | null) => (attended === true ? "Came" : attended === false ? "Did not come" : "Not marked");
const day = (iso: string, timezone: string) =>
  formatLongDate(new Intl.DateTimeFormat("en-CA", { timeZone: timezone || undefined }).format(new Date(iso)));

export function MyPractice({ me, classes, timezone, onBuyPass }: Props) {
  const signOut = useSignOut();
  // The classes her valid passes cover, spent or not: a date booked without a credit left offers the drop-in or a pass.
  const covered = (classId: number) => me.passes.some((pass) => pass.classIds === null || pass.classIds.includes(classId));
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center", justifyContent: "space-between" })}>
        <p>
          Signed in as <strong>{me.email}</strong>
        </p>
        <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
          <Button variant="outline" size="sm" onClick={() => signOut.mutate(false)}>
            Sign out
          </Button>
          <Button variant="ghost" size="sm" onClick={() => signOut.mutate(true)}>
            Sign out everywhere
          </Button>
        </div>
      </div>

      <section aria-labelledby="my-passes" className={cardStyle}>
        <h2 id="my-passes" className={headingStyle}>
          My passes
        </h2>
        {me.passes.length === 0 ? (
          <p>
            You have no valid pass.{" "}
            <Button variant="link" onClick={onBuyPass}>
              Buy a pass
            </Button>
          </p>
        ) : (
          <ul className={rowsStyle}>
            {me.passes.map((pass) => (
              <li key={pass.id} className={rowStyle}>
                <span className={css({ fontWeight: "600" })}>{pass.name}</span>
                <span>{pass.creditsLeft === 1 ? "1 class left" : `${pass.creditsLeft} classes left`}</span>
                <span className={mutedStyle}>until {day(pass.expiresAt, timezone)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Upcoming me={me} timezone={timezone} />
      <BookWithCredit
        classes={classes.filter((entry) => entry.upcoming.length > 0 && covered(entry.id))}
        me={me}
        timezone={timezone}
        onBuyPass={onBuyPass}
      />
      <Standing me={me} classes={classes.filter((entry) => entry.schedule && covered(entry.id))} />

      {me.past.length > 0 && (
        <section aria-labelledby="my-past" className={cardStyle}>
          <h2 id="my-past" className={headingStyle}>
            Classes I went to
          </h2>
          <ul className={rowsStyle}>
            {me.past.map((booking) => (
              <li key={booking.bookingId} className={rowStyle}>
                <span>
                  {booking.title}, {formatClassStart(booking.startsAt, timezone)}
                </span>
                <span className={mutedStyle}>{attendedText(booking.attended)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {me.receipts.length > 0 && (
        <section aria-labelledby="my-receipts" className={cardStyle}>
          <h2 id="my-receipts" className={headingStyle}>
            Receipts
          </h2>
          <ul className={rowsStyle}>
            {me.receipts.map((receipt) => (
              <li key={receipt.number} className={rowStyle}>
                <span>{receipt.what}</span>
                <span>
                  {formatMoney(receipt.amount, receipt.currency)}
                  {receipt.refunded && " (refunded)"}
                </span>
                <span className={mutedStyle}>{formatLongDate(receipt.date)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function Upcoming({ me, timezone }: { me: Overview; timezone: string }) {
  const cancel = useCancel();
  return (
    <section aria-labelledby="my-upcoming" className={cardStyle}>
      <h2 id="my-upcoming" className={headingStyle}>
        My classes
      </h2>
      {me.upcoming.length === 0 ? (
        <p>Nothing booked yet.</p>
      ) : (
        <ul className={rowsStyle}>
          {me.upcoming.map((booking) => (
            <li key={booking.bookingId} className={rowStyle}>
              <div>
                <p className={css({ fontWeight: "600" })}>
                  {booking.title}, <time dateTime={booking.startsAt}>{formatClassStart(booking.startsAt, timezone)}</time>
                </p>
                <p className={mutedStyle}>
                  {stateText(booking)}
                  {booking.credit && " with a credit"}
                </p>
                {booking.join && (
                  <a href={booking.join} className={css({ color: "accent.strong", textDecoration: "underline" })}>
                    Join online
                  </a>
                )}
              </div>
              <div className={css({ display: "flex", flexDirection: "column", alignItems: "flex-end", gap: "1", maxW: "20rem" })}>
                {booking.credit && booking.state === "confirmed" && (
                  <p className={mutedStyle}>
                    {booking.giveBack ? "Cancel now and the credit comes back to your pass." : "Too late for the credit to come back: it stays used."}
                  </p>
                )}
                <Button
                  variant="outline"
                  size="sm"
                  disabled={cancel.isPending}
                  aria-label={`Cancel ${booking.title}, ${formatClassStart(booking.startsAt, timezone)}`}
                  onClick={() =>
                    cancel.mutate(booking.bookingId, {
                      onSuccess: (done) =>
                        toast({
                          title: "Cancelled",
                          description: done.creditBack ? "The credit is back on your pass." : "Your place is given back.",
                        }),
                      onError: (error) =>
                        toast({ title: "Not cancelled", description: serverMessageOr(error, "Please try again"), variant: "destructive" }),
                    })
                  }
                >
                  Cancel
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BookWithCredit({ classes, me, timezone, onBuyPass }: { classes: PublicClass[]; me: Overview; timezone: string; onBuyPass: () => void }) {
  const book = useBook();
  const [refused, setRefused] = useState<{ classId: number; message: string } | null>(null);
  const booked = new Set(me.upcoming.map((booking) => `${booking.classId}:${booking.startsAt}`));
  if (classes.length === 0) return null;
  return (
    <section aria-labelledby="book-with-credit" className={cardStyle}>
      <h2 id="book-with-credit" className={headingStyle}>
        Book with a credit
      </h2>
      {refused && (
        <div role="alert" className={css({ display: "flex", flexWrap: "wrap", gap: "2", alignItems: "center", color: "danger" })}>
          {refused.message}.
          {refused.message === NO_CREDIT && (
            <>
              <a href={`/?class=${refused.classId}`} className={css({ color: "accent.strong", textDecoration: "underline" })}>
                Book a drop-in
              </a>
              or
              <Button variant="link" onClick={onBuyPass}>
                buy a pass
              </Button>
            </>
          )}
        </div>
      )}
      {classes.map((entry) => (
        <div key={entry.id}>
          <h3 className={css({ fontWeight: "600", mb: "2" })}>{entry.name}</h3>
          <ul className={css({ display: "flex", flexWrap: "wrap", gap: "2", listStyle: "none", p: "0" })}>
            {entry.upcoming
              .filter((date) => date.state === "open" || date.state === "full")
              .map((date) => {
                const when = formatClassStart(date.startsAt, timezone);
                const mine = booked.has(`${entry.id}:${date.startsAt}`);
                return (
                  <li key={date.date}>
                    <Button
                      variant={mine ? "ghost" : "subtle"}
                      size="sm"
                      disabled={mine || book.isPending}
                      onClick={() =>
                        book.mutate(
                          { classId: entry.id, date: date.date },
                          {
                            onSuccess: (answer) => {
                              setRefused(null);
                              toast({
                                title: answer.state === "waiting" ? "On the waiting list" : "Booked",
                                description:
                                  answer.state === "waiting"
                                    ? `You are number ${answer.position}: a place that comes free is yours, with a credit.`
                                    : `${entry.name}, ${when}.${typeof answer.creditsLeft === "number" ? ` ${answer.creditsLeft} left on your pass.` : ""}`,
                              });
                            },
                            onError: (error) =>
                              setRefused({ classId: entry.id, message: error instanceof ApiError ? error.serverMessage : "Booking failed" }),
                          },
                        )
                      }
                    >
                      <span className={css({ srOnly: true })}>
                        {mine ? "Booked" : date.state === "full" ? "Wait for a place" : "Book"}: {entry.name},{" "}
                      </span>
                      {when}
                      {mine ? " · booked" : date.state === "full" ? " · full" : ""}
                    </Button>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </section>
  );
}

function Standing({ me, classes }: { me: Overview; classes: PublicClass[] }) {
  const { start, end } = useStanding();
  const [choice, setChoice] = useState("");
  const options = classes.flatMap((entry) =>
    (entry.schedule?.weekdays ?? []).map((weekday) => ({
      value: `${entry.id}:${weekday}`,
      label: `${entry.name}, every ${WEEKDAY_NAMES[weekday - 1]}`,
    })),
  );
  if (options.length === 0 && me.standing.length === 0) return null;
  return (
    <section aria-labelledby="my-standing" className={cardStyle}>
      <h2 id="my-standing" className={headingStyle}>
        Standing bookings
      </h2>
      <p className={mutedStyle}>Every week's class booked as soon as it opens, while your credits last. Cancel any one date as usual.</p>
      {me.standing.length > 0 && (
        <ul className={rowsStyle}>
          {me.standing.map((standing) => (
            <li key={standing.id} className={rowStyle}>
              <span>
                {standing.title}, every {WEEKDAY_NAMES[standing.weekday - 1]}
              </span>
              <Button variant="outline" size="sm" disabled={end.isPending} onClick={() => end.mutate(standing.id)}>
                End
              </Button>
            </li>
          ))}
        </ul>
      )}
      {options.length > 0 && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const [classId, weekday] = choice.split(":").map(Number);
            if (!classId || !weekday) return;
            start.mutate(
              { classId, weekday },
              {
                onSuccess: (started) =>
                  toast({
                    title: started.running ? "Standing booking started" : "Booked while your credits lasted",
                    description: started.running ? `${started.title} is booked as each week opens.` : "Your passes have no credit left for more.",
                  }),
                onError: (error) => toast({ title: "Not started", description: serverMessageOr(error, "Please try again"), variant: "destructive" }),
              },
            );
          }}
          className={css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "flex-end" })}
        >
          <div className={css({ minW: "16rem" })}>
            <Select label="Class and day" options={options} value={choice} onValueChange={setChoice} placeholder="Choose…" />
          </div>
          <Button type="submit" disabled={!choice || start.isPending}>
            Start
          </Button>
        </form>
      )}
    </section>
  );
}
