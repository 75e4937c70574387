// A class date's door (issue 39): who is booked, each with their payment, a tick for who came; the waiting list;
// someone added at the door (also after the class, to record who came); print and CSV. Issue 40: each person's
// credits left and whether it is their first visit; someone at the door can pay with a credit of their pass.
import { formatClassStart } from "@server/shared/dates.ts";
import { slugify } from "@server/shared/slug.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Checkbox, Field, Input } from "@web/components/ui/field.tsx";
import type { Registration } from "@web/lib/api-types.ts";
import { useProfile } from "@web/lib/queries/profile.ts";
import { Download, Printer } from "lucide-react";
import { type FormEvent, useState } from "react";
import { downloadFile, toCsv } from "../shared/format.ts";
import { StateText } from "../shared/layout.tsx";
import { errorText, notifyError, notifySuccess } from "../shared/notify.ts";
import { paymentText } from "../shared/payment-text.ts";
import { type AdminClass, classDoorQueryOptions, useAddAtDoor, useMarkAttendance } from "./api.ts";

type ClassDate = AdminClass["upcoming"][number];

const row = css({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "2 3",
  p: "3",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "control",
  bg: "surface",
});

export function ClassDoorDialog({ item, date, onClose }: { item: AdminClass; date: ClassDate | null; onClose: () => void }) {
  return (
    <Dialog.Root open={date !== null} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Dialog.Content className={css({ maxW: "2xl" })}>{date && <Door item={item} date={date} onClose={onClose} />}</Dialog.Content>
    </Dialog.Root>
  );
}

function Door({ item, date, onClose }: { item: AdminClass; date: ClassDate; onClose: () => void }) {
  const profile = useProfile().data;
  const currency = profile?.payments?.currency ?? "aud";
  const when = formatClassStart(date.startsAt, profile?.timezone ?? "");
  const door = useQuery(classDoorQueryOptions(item.id, date.date));
  const mark = useMarkAttendance(item.id, date.date);
  const rows = door.data ?? [];
  const booked = rows.filter((booking) => booking.state === "confirmed");
  const waiting = rows.filter((booking) => booking.state === "waiting");
  const exportCsv = () => {
    const csv = toCsv([
      ["Name", "Email", "State", "Payment", "Credits left", "First visit", "Came"],
      ...rows.map((booking) => [
        booking.name,
        booking.email,
        booking.state,
        paymentText(booking, currency),
        booking.creditsLeft ?? 0,
        booking.firstVisit ? "yes" : "no",
        booking.attended === null ? "" : booking.attended ? "yes" : "no",
      ]),
    ]);
    downloadFile(`door_${slugify(item.name, "class")}_${date.date}.csv`, csv, "text/csv;charset=utf-8");
  };
  // A tick shows at once; the server's answer (and the refreshed list) replaces it, or takes it back on an error.
  const [ticked, setTicked] = useState<Record<number, boolean>>({});
  const tick = (booking: Registration, attended: boolean) => {
    setTicked((marks) => ({ ...marks, [booking.id]: attended }));
    mark.mutate(
      { bookingId: booking.id, attended },
      {
        onError: (error) => notifyError(error, `Failed to mark the door: ${errorText(error)}`),
        onSettled: () => setTicked(({ [booking.id]: _settled, ...others }) => others),
      },
    );
  };
  const came = booked.filter((booking) => ticked[booking.id] ?? booking.attended).length;
  return (
    <>
      <Dialog.Title>Door list</Dialog.Title>
      <Dialog.Description>
        {item.name}, {when}
      </Dialog.Description>
      <Dialog.Body>
        {door.isPending ? (
          <StateText>Loading the bookings...</StateText>
        ) : door.isError ? (
          <StateText>Failed to fetch the bookings</StateText>
        ) : (
          <div className={css({ display: "grid", gap: "4" })}>
            <p aria-live="polite" data-testid="door-counts" className={css({ fontWeight: "600" })}>
              {booked.length} / {item.capacity ?? "unlimited"} booked · {waiting.length} waiting · {came} came
            </p>
            {booked.length === 0 ? (
              <StateText>Nobody is booked yet</StateText>
            ) : (
              <ul aria-label="Booked" className={css({ display: "grid", gap: "2" })}>
                {booked.map((booking) => (
                  <li key={booking.id} className={row}>
                    <span className={css({ fontWeight: "600", overflowWrap: "anywhere" })}>
                      {booking.name}
                      <span className={css({ display: "block", fontSize: "sm", fontWeight: "400", color: "fg.muted" })}>
                        {paymentText(booking, currency)}
                        {booking.creditsLeft ? ` · ${booking.creditsLeft === 1 ? "1 credit" : `${booking.creditsLeft} credits`} left` : ""}
                        {booking.firstVisit && " · first visit"}
                      </span>
                    </span>
                    <label className={css({ display: "flex", alignItems: "center", gap: "2", minH: "11", cursor: "pointer" })}>
                      <input
                        type="checkbox"
                        aria-label={`Came: ${booking.name}`}
                        checked={ticked[booking.id] ?? booking.attended === true}
                        onChange={(change) => tick(booking, change.target.checked)}
                        className={css({ w: "5", h: "5", accentColor: "accent" })}
                      />
                      Came
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {waiting.length > 0 && (
              <section aria-labelledby="door-waiting" className={css({ display: "grid", gap: "2" })}>
                <h3 id="door-waiting" className={css({ fontWeight: "600" })}>
                  Waiting list
                </h3>
                <ol className={css({ display: "grid", gap: "1", pl: "5", listStyle: "decimal" })}>
                  {waiting.map((booking) => (
                    <li key={booking.id}>{booking.name}</li>
                  ))}
                </ol>
              </section>
            )}
            <AddAtDoor item={item} date={date} />
          </div>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer size={16} aria-hidden />
          Print
        </Button>
        <Button onClick={exportCsv} disabled={rows.length === 0}>
          <Download size={16} aria-hidden />
          Export CSV
        </Button>
      </Dialog.Footer>
    </>
  );
}

/** Someone who came without booking: a place that came, also after the class. */
function AddAtDoor({ item, date }: { item: AdminClass; date: ClassDate }) {
  const add = useAddAtDoor(item.id, date.date);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [useCredit, setUseCredit] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { name, email, useCredit },
      {
        onSuccess: () => {
          notifySuccess(`${name} is on the door list`);
          setName("");
          setEmail("");
        },
        onError: (error) => notifyError(error, `Failed to add at the door: ${errorText(error)}`),
      },
    );
  };
  return (
    <form
      aria-label="Add at the door"
      onSubmit={submit}
      className={css({ display: "grid", gap: "3", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr auto" }, alignItems: "end" })}
    >
      <Field label="Name">
        <Input value={name} required autoComplete="off" onChange={(change) => setName(change.target.value)} />
      </Field>
      <Field label="Email">
        <Input type="email" value={email} required autoComplete="off" onChange={(change) => setEmail(change.target.value)} />
      </Field>
      <Button type="submit" variant="outline" disabled={add.isPending}>
        Add at the door
      </Button>
      <Checkbox
        label="Take a credit of their pass"
        checked={useCredit}
        onChange={(change) => setUseCredit(change.target.checked)}
        className={css({ gridColumn: "1 / -1" })}
      />
    </form>
  );
}
