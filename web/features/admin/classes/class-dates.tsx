// A scheduled class's next dates on its admin card (issue 39), each with its places booked and its door list, and
// 'Cancel this date': her message is shown on the site beside the date and goes into the calendar feed.
import { formatClassStart } from "@server/shared/dates.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { badge } from "@styled-system/recipes";
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input, Textarea } from "@web/components/ui/field.tsx";
import { toast } from "@web/components/ui/toast.tsx";
import { call } from "@web/lib/api.ts";
import { useProfile } from "@web/lib/queries/profile.ts";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "../shared/confirm-dialog.tsx";
import { errorText, notifyError, notifySuccess } from "../shared/notify.ts";
import { type AdminClass, useCancelClassDate } from "./api.ts";
import { ClassDoorDialog } from "./class-door.tsx";

type ClassDate = AdminClass["upcoming"][number];

export function AdminClassDates({ item }: { item: AdminClass }) {
  // Dates as the site's visitors read them, in its zone, wherever she is.
  const timezone = useProfile().data?.timezone ?? "";
  const day = (date: ClassDate) => formatClassStart(date.startsAt, timezone);
  const cancel = useCancelClassDate();
  const [cancelling, setCancelling] = useState<ClassDate | null>(null);
  const [door, setDoor] = useState<ClassDate | null>(null);
  const [reason, setReason] = useState("");
  if (item.upcoming.length === 0) return null;
  return (
    <>
      <ul aria-label={`Next dates of ${item.name}`} className={css({ display: "grid", gap: "1.5", fontSize: "sm" })}>
        {item.upcoming.map((date) => (
          <li key={date.date} className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2" })}>
            <time dateTime={date.startsAt} className={css({ flex: "1" })}>
              {day(date)}
            </time>
            {date.state === "cancelled" ? (
              <span className={badge({ tone: "danger" })}>Cancelled</span>
            ) : (
              <>
                <span>
                  {date.capacity === null ? "Just come along" : `${date.booked} / ${date.capacity} booked`}
                  {date.waiting > 0 && ` · ${date.waiting} waiting`}
                </span>
                {date.capacity !== null && (
                  <Button size="sm" variant="outline" aria-label={`Door list of ${item.name} on ${day(date)}`} onClick={() => setDoor(date)}>
                    Door list
                  </Button>
                )}
                {date.state !== "closed" && (
                  <Button size="sm" variant="outline" aria-label={`Cancel ${item.name} on ${day(date)}`} onClick={() => setCancelling(date)}>
                    Cancel
                  </Button>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {item.capacity !== null && <OtherDate item={item} onOpen={setDoor} />}
      <ClassDoorDialog item={item} date={door} onClose={() => setDoor(null)} />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (open) return;
          setCancelling(null);
          setReason("");
        }}
        title="Cancel this date"
        description={cancelling ? `Cancel ${item.name} on ${day(cancelling)}? The site shows the date as cancelled with your message.` : ""}
        confirmLabel="Cancel this date"
        pendingLabel="Cancelling..."
        cancelLabel="Keep it"
        pending={cancel.isPending}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(
            { id: item.id, date: cancelling.date, reason },
            {
              onSuccess: () => {
                notifySuccess("The date is cancelled");
                setCancelling(null);
                setReason("");
              },
              onError: (error) => notifyError(error, `Failed to cancel the date: ${errorText(error)}`),
            },
          )
        }
      >
        <Field label="Your message to everyone" hint="Shown on the site beside the date, e.g. Swamiji is unwell; back next week.">
          <Textarea rows={3} maxLength={1000} value={reason} onChange={(change) => setReason(change.target.value)} />
        </Field>
      </ConfirmDialog>
    </>
  );
}

/** Another date's door list (a past one, to record who came): the class's date read with its counts, then opened. */
function OtherDate({ item, onOpen }: { item: AdminClass; onOpen: (date: ClassDate) => void }) {
  const [date, setDate] = useState("");
  const [opening, setOpening] = useState(false);
  const open = async (event: FormEvent) => {
    event.preventDefault();
    setOpening(true);
    try {
      const [found] = (await call((api) => api.admin.classes({ id: item.id }).dates.get({ query: { from: date, to: date } }))).dates;
      if (found) onOpen(found);
      else toast({ title: "No such date", description: `${item.name} does not run on ${date}`, variant: "destructive" });
    } catch (error) {
      notifyError(error, `Failed to open the door list: ${errorText(error)}`);
    } finally {
      setOpening(false);
    }
  };
  return (
    <form
      aria-label={`Door list of another date of ${item.name}`}
      onSubmit={open}
      className={css({ display: "flex", flexWrap: "wrap", alignItems: "end", gap: "2", fontSize: "sm" })}
    >
      <Field label="Another date's door list">
        <Input type="date" required value={date} onChange={(change) => setDate(change.target.value)} />
      </Field>
      <Button type="submit" size="sm" variant="outline" disabled={opening || !date}>
        Open
      </Button>
    </form>
  );
}
