// The admin runs an event (issue 23): its counts, the list with states (move up, cancel for someone), the CSV with
// states, 'Mail registrants', and the door list: search by name and 'Check in', one-handed on a phone at 360 px. The
// lists come a page at a time, searched and filtered by the server (issue 33); the CSV has every registration.

import { slugify } from "@server/shared/slug.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { EmailText } from "@web/components/ui/email-text.tsx";
import { Field, Input, Textarea } from "@web/components/ui/field.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { Tabs } from "@web/components/ui/tabs.tsx";
import type { Event, Registration } from "@web/lib/api-types.ts";
import { useProfile } from "@web/lib/queries/profile.ts";
import { Check, Download } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "../shared/confirm-dialog.tsx";
import { type Column, DataTable } from "../shared/data-table.tsx";
import { downloadFile, formatDateTime, localIsoDate, toCsv } from "../shared/format.ts";
import { StateText } from "../shared/layout.tsx";
import { errorText, notifyError, notifySuccess } from "../shared/notify.ts";
import { formatCount, ListCount, ListFilters, ListPager, useListQuery } from "../shared/paged-list.tsx";
import { paymentText } from "../shared/payment-text.ts";
import { RefundDialog } from "../shared/refund.tsx";
import {
  type RegistrationAction,
  type RegistrationsQuery,
  registrationsPageQueryOptions,
  registrationsQueryOptions,
  useCancelEvent,
  useMailRegistrants,
  useRegistrationAction,
} from "./api.ts";

const STATE_LABELS = { confirmed: "Confirmed", pending: "Held for payment", waiting: "Waiting", cancelled: "Cancelled" } as const;
const STATE_OPTIONS = [{ value: "all", label: "All states" }, ...Object.entries(STATE_LABELS).map(([value, label]) => ({ value, label }))];
const doorRow = css({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "3",
  p: "3",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "control",
  bg: "surface",
});
const arrivedRow = css({ bg: "bg.muted" });
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
const stateText = (row: Registration) => (row.state === "waiting" ? `Waiting (${formatCount(row.position ?? 0)})` : STATE_LABELS[row.state]);
/** Issue 32: each row's payment; a priced place without one is paid at the door. */
type Row = Registration;

export function RegistrationsDialog({ event, onClose }: { event: Event | null; onClose: () => void }) {
  return (
    <Dialog.Root open={event !== null} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Dialog.Content className={css({ maxW: "4xl" })}>{event && <Registrations event={event} onClose={onClose} />}</Dialog.Content>
    </Dialog.Root>
  );
}

function Registrations({ event, onClose }: { event: Event; onClose: () => void }) {
  // The first page of all, for the event's counts (the lists below ask for their own pages).
  const query = useQuery(registrationsPageQueryOptions(event.id, { search: "", state: "all", page: 1 }));
  const counts = query.data?.counts;
  const [live, total] = counts ? [counts.confirmed + counts.pending + counts.waiting, query.data?.total ?? 0] : [0, 0];
  const queryClient = useQueryClient();
  const cancelEvent = useCancelEvent(event.id);
  const [cancellingEvent, setCancellingEvent] = useState(false);
  const [cancelReason, setCancelReason] = useState("");
  // The dialog keeps the event it was opened with: cancelled then, or just now.
  const off = event.cancelledAt !== null || cancelEvent.isSuccess;
  const currency = useProfile().data?.payments?.currency ?? "aud";
  const exportCsv = async () => {
    let rows: Row[];
    try {
      rows = await queryClient.fetchQuery(registrationsQueryOptions(event.id));
    } catch (error) {
      notifyError(error, "Failed to fetch registrations");
      return;
    }
    const csv = toCsv([
      ["Name", "Email", "Phone", "Additional Info", "State", "Position", "Payment", "Checked In", "Registered On"],
      ...rows.map((row) => [
        row.name,
        row.email,
        row.phone,
        row.additionalInfo ?? "",
        row.state,
        row.position ?? "",
        paymentText(row, currency),
        row.checkedIn ? "yes" : "no",
        new Date(row.createdAt).toLocaleString(),
      ]),
    ]);
    downloadFile(`registrations_${slugify(event.name, "event")}_${localIsoDate()}.csv`, csv, "text/csv;charset=utf-8");
  };
  return (
    <>
      <Dialog.Title>Registrations</Dialog.Title>
      <Dialog.Description>{event.name}</Dialog.Description>
      <Dialog.Body>
        {query.isPending ? (
          <StateText>Loading registrations...</StateText>
        ) : query.isError || !counts ? (
          <StateText>Failed to fetch registrations</StateText>
        ) : (
          <>
            <p data-testid="registration-counts" className={css({ fontWeight: "600" })}>
              {formatCount(counts.confirmed)} / {event.capacity === null ? "unlimited" : formatCount(event.capacity)} places taken ·{" "}
              {formatCount(counts.waiting)} waiting · {formatCount(counts.cancelled)} cancelled
            </p>
            <Tabs.Root defaultValue="list" lazyMount>
              <Tabs.List aria-label="Registrations">
                <Tabs.Trigger value="list">List</Tabs.Trigger>
                <Tabs.Trigger value="door">Door list</Tabs.Trigger>
                <Tabs.Trigger value="mail">Mail registrants</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="list">
                <RegistrationList eventId={event.id} eventName={event.name} currency={currency} />
              </Tabs.Content>
              <Tabs.Content value="door">
                <DoorList eventId={event.id} currency={currency} />
              </Tabs.Content>
              <Tabs.Content value="mail">
                <MailRegistrants eventId={event.id} recipients={counts.confirmed} />
              </Tabs.Content>
            </Tabs.Root>
          </>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button variant="outline" disabled={off} onClick={() => setCancellingEvent(true)}>
          {off ? "Cancelled" : "Cancel this event"}
        </Button>
        <Button onClick={exportCsv} disabled={!total}>
          <Download size={16} aria-hidden />
          Export CSV
        </Button>
      </Dialog.Footer>
      <ConfirmDialog
        open={cancellingEvent}
        onOpenChange={setCancellingEvent}
        title="Cancel this event"
        description={`Cancel ${event.name}? The site shows it as cancelled with your message and takes no more registrations; ${
          live ? `all ${formatCount(live)} registrants are mailed your message, and every payment is refunded in full.` : "nobody is registered yet."
        }`}
        confirmLabel="Cancel this event"
        pendingLabel="Cancelling..."
        cancelLabel="Keep it"
        pending={cancelEvent.isPending}
        onConfirm={() =>
          cancelEvent.mutate(cancelReason, {
            onSuccess: ({ cancelled, refunded }) => {
              notifySuccess(`Event cancelled: ${cancelled} registrants mailed, ${refunded} payments refunded`);
              setCancellingEvent(false);
            },
            onError: (error) => notifyError(error, `Failed to cancel the event: ${errorText(error)}`),
          })
        }
      >
        <Field label="Your message to everyone" hint="Shown on the site and in the mail, e.g. Swamiji is unwell; a new date soon.">
          <Textarea rows={3} maxLength={1000} value={cancelReason} onChange={(change) => setCancelReason(change.target.value)} />
        </Field>
      </ConfirmDialog>
    </>
  );
}

const FAILED = { "move-up": "Failed to move the registrant up", cancel: "Failed to cancel the registration" };

/**
 * Runs an action on a registration and says how it ended, for every call (at the door several run at once): moving
 * up and cancelling are mailed to the registrant, a check-in says nothing unless it failed.
 */
function useAct(eventId: number) {
  const action = useRegistrationAction(eventId);
  const act = (id: number, which: RegistrationAction, then?: () => void) =>
    action.mutateAsync({ id, action: which }).then(
      () => {
        if (which === "move-up") notifySuccess("Moved up: a place is theirs, and they are mailed");
        if (which === "cancel") notifySuccess("Registration cancelled, and they are mailed");
        then?.();
      },
      (error) => {
        const failed =
          typeof which === "string" ? FAILED[which] : which.checkedIn ? "Failed to check in the registrant" : "Failed to take back the check-in";
        notifyError(error, `${failed}: ${errorText(error)}`);
      },
    );
  return { act, pending: action.isPending };
}

function RegistrationList({ eventId, eventName, currency }: { eventId: number; eventName: string; currency: string }) {
  const { act, pending } = useAct(eventId);
  const [cancelling, setCancelling] = useState<Registration | null>(null);
  const [refunding, setRefunding] = useState<Row | null>(null);
  const list = useListQuery<Pick<RegistrationsQuery, "state">>({ state: "all" });
  const query = useQuery(registrationsPageQueryOptions(eventId, list.query));
  const rows: Row[] = query.data?.items ?? [];
  const filtered = list.query.search !== "" || list.filters.state !== "all";
  const columns: Column<Row>[] = [
    { header: "Name", cell: (row) => <span id={`registrant-${row.id}`}>{row.name}</span> },
    { header: "Email", cell: (row) => <EmailText email={row.email} /> },
    { header: "Phone", cell: (row) => row.phone },
    { header: "Additional Info", cell: (row) => row.additionalInfo },
    { header: "State", cell: stateText },
    { header: "Payment", cell: (row) => paymentText(row, currency) },
    { header: "Registered On", cell: (row) => formatDateTime(row.createdAt) },
    {
      header: "Actions",
      show: "plain",
      cell: (row) => (
        <div className={css({ display: "flex", gap: "2", flexWrap: "wrap" })}>
          {row.state === "waiting" && (
            <Button size="sm" variant="outline" aria-describedby={`registrant-${row.id}`} disabled={pending} onClick={() => act(row.id, "move-up")}>
              Move up
            </Button>
          )}
          {row.state !== "cancelled" && (
            <Button size="sm" variant="outline" aria-describedby={`registrant-${row.id}`} onClick={() => setCancelling(row)}>
              Cancel
            </Button>
          )}
          {row.payment?.status === "paid" && (
            <Button size="sm" variant="outline" aria-describedby={`registrant-${row.id}`} onClick={() => setRefunding(row)}>
              Refund
            </Button>
          )}
        </div>
      ),
    },
  ];
  return (
    <div className={css({ display: "grid", gap: "3" })}>
      <ListFilters label="Registrations" search={list.search} onSearch={list.type}>
        <Select
          label="State"
          options={STATE_OPTIONS}
          value={list.filters.state}
          onValueChange={(state) => list.filter({ state: state as RegistrationsQuery["state"] })}
        />
      </ListFilters>
      <ListCount data={query.data} one="registration" many="registrations" />
      {query.isPending ? (
        <StateText>Loading registrations...</StateText>
      ) : !rows.length ? (
        <StateText>{filtered ? "No registrations match" : "No registrations yet"}</StateText>
      ) : (
        <DataTable columns={columns} rows={rows} rowKey={(row) => row.id} many />
      )}
      <ListPager data={query.data} label="Registration pages" onPage={list.goTo} />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel registration"
        description={`Cancel ${cancelling?.name}'s registration? They are mailed, and the first on the waiting list gets the place.`}
        confirmLabel="Cancel registration"
        pendingLabel="Cancelling..."
        cancelLabel="Keep it"
        pending={pending}
        onConfirm={() => cancelling && act(cancelling.id, "cancel", () => setCancelling(null))}
      />
      <RefundDialog
        payment={
          refunding?.payment?.id
            ? {
                id: refunding.payment.id,
                amount: refunding.payment.amount,
                currency: refunding.payment.currency,
                description: eventName,
                who: refunding.name,
                place: true,
              }
            : null
        }
        onClose={() => setRefunding(null)}
      />
    </div>
  );
}

/** The door list: confirmed registrants, searched by name, each a large 'Check in' within a thumb's reach. */
function DoorList({ eventId, currency }: { eventId: number; currency: string }) {
  const { act } = useAct(eventId);
  const list = useListQuery<Pick<RegistrationsQuery, "state">>({ state: "confirmed" });
  const query = useQuery(registrationsPageQueryOptions(eventId, list.query));
  const shown: Row[] = query.data?.items ?? [];
  const counts = query.data?.counts;
  return (
    <div className={css({ display: "grid", gap: "3" })}>
      <p aria-live="polite" data-testid="arrived-count" className={css({ fontSize: "lg", fontWeight: "700" })}>
        {counts && `${formatCount(counts.checkedIn)} of ${formatCount(counts.confirmed)} arrived`}
      </p>
      <Field label="Search by name">
        <Input type="search" value={list.search} onChange={(change) => list.type(change.target.value)} autoComplete="off" />
      </Field>
      {query.isPending ? (
        <StateText>Loading registrations...</StateText>
      ) : !shown.length ? (
        <StateText>{counts?.confirmed ? "Nobody by that name" : "Nobody is confirmed yet"}</StateText>
      ) : (
        <ul aria-label="Door list" className={css({ display: "grid", gap: "2" })}>
          {shown.map((row) => (
            <li key={row.id} className={cx(doorRow, row.checkedIn && arrivedRow)}>
              <span className={css({ fontSize: "md", fontWeight: "600", overflowWrap: "anywhere" })}>
                {row.name}
                <span className={css({ display: "block", fontSize: "sm", fontWeight: "400", color: "fg.muted" })}>{paymentText(row, currency)}</span>
                {row.checkedIn && (
                  <span className={css({ display: "block", fontSize: "sm", fontWeight: "400", color: "fg.muted" })}>
                    <Check size={14} aria-hidden className={css({ display: "inline", mr: "1" })} />
                    Arrived
                  </span>
                )}
              </span>
              <Button
                size="lg"
                variant={row.checkedIn ? "outline" : "solid"}
                aria-pressed={row.checkedIn}
                className={css({ flexShrink: 0 })}
                onClick={() => act(row.id, { checkedIn: !row.checkedIn })}
              >
                Check in<span className={css({ srOnly: true })}> {row.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ListPager data={query.data} label="Door list pages" onPage={list.goTo} />
    </div>
  );
}

/** 'Mail registrants': a message about this event (a room change) to every confirmed registrant, through the outbox. */
function MailRegistrants({ eventId, recipients }: { eventId: number; recipients: number }) {
  const send = useMailRegistrants(eventId);
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Plain text, one paragraph per blank-line-separated block (the server sanitises what it is sent).
    const body = message
      .split(/\n\s*\n/)
      .filter((block) => block.trim())
      .map((block) => `<p>${escapeHtml(block.trim()).replace(/\n/g, "<br>")}</p>`)
      .join("");
    send.mutate(
      { subject, body },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          setSubject("");
          setMessage("");
        },
        onError: (error) => notifyError(error, `Failed to mail the registrants: ${errorText(error)}`),
      },
    );
  };
  return (
    <form onSubmit={submit} className={css({ display: "grid", gap: "3" })}>
      <Field label="Subject">
        <Input required value={subject} onChange={(change) => setSubject(change.target.value)} />
      </Field>
      <Field label="Message" hint={`To the ${recipients} confirmed registrant${recipients === 1 ? "" : "s"} of this event.`}>
        <Textarea rows={5} required value={message} onChange={(change) => setMessage(change.target.value)} />
      </Field>
      <div>
        <Button type="submit" disabled={send.isPending || !recipients}>
          {send.isPending ? "Sending..." : "Mail registrants"}
        </Button>
      </div>
    </form>
  );
}
