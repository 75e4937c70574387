// A scheduled class's next dates on its card (issue 39): when each starts in the site's time zone, and its places:
// "12 of 20 places left", "Full: join the waiting list", "Bookings closed", "Cancelled: {her message}", or "Just come
// along" without places.
import { formatClassStart } from "@server/shared/dates.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import type { PublicClass } from "@web/lib/api-types.ts";

export type ClassDate = PublicClass["upcoming"][number];

/** Whether a visitor books this date here: it takes bookings (has places), and is open or has a waiting list. */
const bookable = (date: ClassDate) => date.capacity !== null && (date.state === "open" || date.state === "full");

function placesText(date: ClassDate): string {
  if (date.state === "cancelled") return date.reason ? `Cancelled: ${date.reason}` : "Cancelled";
  if (date.state === "closed") return "Bookings closed";
  if (date.state === "full") return "Full: join the waiting list";
  if (date.capacity === null || date.placesLeft === null) return "Just come along";
  return `${date.placesLeft} of ${date.capacity} place${date.capacity === 1 ? "" : "s"} left`;
}

type Props = { item: PublicClass; timezone: string; heading?: string; onBook: (date: ClassDate) => void };

/** `onBook`: 'Book' (or 'Join the waiting list') on each date that takes bookings opens its form. */
export function ClassDates({ item, timezone, heading = "Next dates", onBook }: Props) {
  if (item.upcoming.length === 0) return null;
  return (
    <section aria-labelledby={`class-${item.id}-dates`} className={css({ display: "grid", gap: "2" })}>
      <h4 id={`class-${item.id}-dates`} className={css({ fontSize: "sm", fontWeight: "600", color: "heading" })}>
        {heading}
      </h4>
      <ul className={css({ display: "grid", gap: "1.5", fontSize: "sm" })} data-testid="class-dates">
        {item.upcoming.map((date) => (
          <li
            key={date.date}
            className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: "1 3" })}
          >
            <time dateTime={date.startsAt}>{formatClassStart(date.startsAt, timezone)}</time>
            <span className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2 3", ml: "auto" })}>
              <span className={date.state === "open" ? css({ color: "fg.muted" }) : css({ color: "fg", fontWeight: "600" })}>{placesText(date)}</span>
              {bookable(date) && (
                <Button size="sm" variant="outline" onClick={() => onBook(date)}>
                  {date.state === "full" ? "Waiting list" : "Book"}
                  <span className={css({ srOnly: true })}>
                    {" "}
                    {item.name}, {formatClassStart(date.startsAt, timezone)}
                  </span>
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
