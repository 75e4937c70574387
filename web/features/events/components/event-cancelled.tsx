// A cancelled event (issue 38): it stays on the site, off, with the teacher's message, and no way to register.
import { notice } from "@styled-system/recipes/notice";
import type { PublicEvent } from "@web/lib/api-types.ts";

export function EventCancelled({ event }: { event: Pick<PublicEvent, "cancelReason"> }) {
  return (
    <p className={notice({ type: "error" })} data-testid="event-cancelled">
      <span>
        <strong>Cancelled</strong>
        {event.cancelReason ? `: ${event.cancelReason}` : ""}
      </span>
    </p>
  );
}
