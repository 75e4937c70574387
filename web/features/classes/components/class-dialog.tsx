// A weekly class's own dialog (`/?class=<id>`, issue 39; its own chunk, loaded when a link names it): where and when
// it runs, its drop-in price, and each date of the booking window (CLASS_BOOKING_WEEKS) with its places, or the
// teacher's message on a date called off.
import { CLASS_MODE_LABELS } from "@server/shared/constants.ts";
import { priceText } from "@server/shared/money.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { RichText } from "@web/components/ui/rich-text.tsx";
import { call } from "@web/lib/api.ts";
import type { PublicClass } from "@web/lib/api-types.ts";
import { useProfile } from "@web/lib/queries/profile.ts";
import { ClassBookingForm } from "./class-booking-form.tsx";
import { type ClassDate, ClassDates } from "./class-dates.tsx";

/** Today in the site's zone and the last day of `weeks` from it, YYYY-MM-DD (from the parts: engines write en-CA apart). */
function windowFrom(timezone: string, weeks: number): { from: string; to: string } {
  const format = new Intl.DateTimeFormat("en-US", { timeZone: timezone || undefined, year: "numeric", month: "2-digit", day: "2-digit" });
  const day = (at: Date) => {
    const part = Object.fromEntries(format.formatToParts(at).map(({ type, value }) => [type, value]));
    return `${part.year}-${part.month}-${part.day}`;
  };
  const now = new Date();
  return { from: day(now), to: day(new Date(now.getTime() + (weeks * 7 - 1) * 86_400_000)) };
}

const classDatesQueryOptions = (id: number, window: { from: string; to: string }) =>
  queryOptions({
    queryKey: ["/api/classes", id, "dates", window.from],
    queryFn: () => call((api) => api.classes({ id }).dates.get({ query: window })).then((answer) => answer.dates),
  });

/** `booking`: the date whose form shows, chosen on the card or here; null: the dates. */
type Props = { item: PublicClass | null; booking: ClassDate | null; onBook: (date: ClassDate | null) => void; onClose: () => void };

export function ClassDialog({ item, booking, onBook, onClose }: Props) {
  const profile = useProfile().data;
  const timezone = profile?.timezone ?? "";
  const weeks = profile?.classBookingWeeks ?? 8;
  const window = windowFrom(timezone, weeks);
  const dates = useQuery({ ...classDatesQueryOptions(item?.id ?? 0, window), enabled: Boolean(item?.schedule) });
  const price = item && profile ? priceText(item, profile.payments.currency) : null;
  return (
    <Dialog.Root open={item !== null} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      {item && (
        <Dialog.Content className={css({ maxW: "2xl" })} closeLabel="Close dialog" data-testid="class-dialog">
          <Dialog.Title>{item.name}</Dialog.Title>
          <Dialog.Description>
            {item.days}, {item.time} · {item.location}
            {item.mode !== "in-person" && ` · ${CLASS_MODE_LABELS[item.mode]}`}
            {price && ` · ${price} a class`}
          </Dialog.Description>
          <Dialog.Body>
            {booking ? (
              <ClassBookingForm
                item={item}
                date={booking}
                timezone={timezone}
                currency={profile?.payments.currency ?? "aud"}
                onBack={() => onBook(null)}
              />
            ) : (
              <RichText html={item.description} />
            )}
            {item.schedule &&
              !booking &&
              (dates.data ? (
                <ClassDates
                  item={{ ...item, upcoming: dates.data }}
                  timezone={timezone}
                  heading={`Dates in the next ${weeks} weeks`}
                  onBook={onBook}
                />
              ) : (
                <p className={css({ color: "fg.muted" })}>{dates.isError ? "The dates could not be loaded." : "Loading the dates..."}</p>
              ))}
          </Dialog.Body>
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}
