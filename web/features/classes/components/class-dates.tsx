// A scheduled class's next dates on its card (issue 39): when each starts in the site's time zone, and its places:
// "12 of 20 places left", "Full: join the waiting list", "Bookings closed", "Cancelled: {her message}", or "Just come
// along" without places.
import { formatClassStart } from "@server/shared/dates.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import type { PublicClass } from "@web/lib/api-types.ts";

type ClassDate = PublicClass["upcoming"][number];

function placesText(date: ClassDate): string {
  if (date.state === "cancelled") return date.reason ? `Cancelled: ${date.reason}` : "Cancelled";
  if (date.state === "closed") return "Bookings closed";
  if (date.state === "full") return "Full: join the waiting list";
  if (date.capacity === null || date.placesLeft === null) return "Just come along";
  return `${date.placesLeft} of ${date.capacity} place${date.capacity === 1 ? "" : "s"} left`;
}

export function ClassDates({ item, timezone, heading = "Next dates" }: { item: PublicClass; timezone: string; heading?: string }) {
  if (item.upcoming.length === 0) return null;
  return (
    <section aria-labelledby={`class-${item.id}-dates`} className={css({ display: "grid", gap: "2" })}>
      <h4 id={`class-${item.id}-dates`} className={css({ fontSize: "sm", fontWeight: "600", color: "heading" })}>
        {heading}
      </h4>
      <ul className={css({ display: "grid", gap: "1.5", fontSize: "sm" })} data-testid="class-dates">
        {item.upcoming.map((date) => (
          <li key={date.date} className={css({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", columnGap: "3" })}>
            <time dateTime={date.startsAt}>{formatClassStart(date.startsAt, timezone)}</time>
            <span className={date.state === "open" ? css({ color: "fg.muted" }) : css({ color: "fg", fontWeight: "600" })}>{placesText(date)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
