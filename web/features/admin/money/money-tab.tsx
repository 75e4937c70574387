// The Money tab (issue 32): every payment and gift (date, who, what, amount, state), totals per month and per event,
// refunds, and the CSV for the treasurer; first what needs her: refunds owed and not yet made, and payments whose
// amount Stripe reported otherwise (issue 37).

import { formatMoney } from "@server/shared/money.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { EmailText } from "@web/components/ui/email-text.tsx";
import { Checkbox } from "@web/components/ui/field.tsx";
import { CalendarRange, Download, Ticket, Undo2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "../shared/confirm-dialog.tsx";
import { type Column, DataTable } from "../shared/data-table.tsx";
import { downloadFile, formatDateTime, localIsoDate, toCsv } from "../shared/format.ts";
import { Panel, StateText, SubPanel } from "../shared/layout.tsx";
import { errorText, notifyError, notifySuccess } from "../shared/notify.ts";
import { RefundDialog } from "../shared/refund.tsx";
import { type Money, moneyQueryOptions, owedClassesQueryOptions, useStopGift } from "./api.ts";

type Row = Money["payments"][number];
const STATES: Record<Row["status"], string> = {
  pending: "Waiting for payment",
  processing: "Waiting for the bank",
  paid: "Paid",
  refunding: "Refund owed",
  refunded: "Refunded",
  expired: "Expired",
  failed: "Payment failed",
};

/** A monthly gift says whether it is still taken, a part refund how much went back (the rest kept); any other row its state. */
function stateOf(row: Row) {
  if (row.monthly && row.status === "paid") return row.active ? "Active" : "Stopped";
  if (row.status === "refunded" && row.refundedAmount !== null && row.refundedAmount < row.amount)
    return `Refunded ${formatMoney(row.refundedAmount, row.currency)}, kept ${formatMoney(row.amount - row.refundedAmount, row.currency)}`;
  return STATES[row.status];
}

const paymentColumns = (onRefund: (row: Row) => void, onStop: (row: Row) => void): Column<Row>[] => [
  { header: "Date", cell: (row) => formatDateTime(row.paidAt ?? row.createdAt) },
  { header: "Who", cell: (row) => <span id={`payment-${row.id}`}>{row.name ?? (row.email ? <EmailText email={row.email} /> : "Anonymous")}</span> },
  { header: "What", cell: (row) => row.description },
  { header: "Amount", cell: (row) => `${formatMoney(row.amount, row.currency)}${row.monthly ? " a month" : ""}` },
  {
    header: "State",
    cell: (row) =>
      row.attention ? (
        <span className={css({ color: "danger", fontWeight: "600" })} title={row.attention}>
          Needs attention: {row.attention}
        </span>
      ) : (
        stateOf(row)
      ),
  },
  {
    header: "Actions",
    show: "plain",
    cell: (row) => (
      <>
        {row.refundable && (
          <Button size="sm" variant="outline" aria-describedby={`payment-${row.id}`} onClick={() => onRefund(row)}>
            Refund
          </Button>
        )}
        {row.monthly && row.active && row.status === "paid" && (
          <Button size="sm" variant="outline" aria-describedby={`payment-${row.id}`} onClick={() => onStop(row)}>
            Stop
          </Button>
        )}
      </>
    ),
  },
];

function exportCsv(money: Money) {
  const csv = toCsv([
    ["Date", "Name", "Email", "For", "Amount", "Currency", "Monthly", "State", "Refunded On"],
    ...money.payments.map((row) => [
      (row.paidAt ?? row.createdAt).slice(0, 10),
      row.name ?? "",
      row.email ?? "",
      row.description,
      (row.amount / 100).toFixed(2),
      row.currency.toUpperCase(),
      row.monthly ? "yes" : "no",
      stateOf(row),
      row.refundedAt?.slice(0, 10) ?? "",
    ]),
  ]);
  downloadFile(`payments_${localIsoDate()}.csv`, csv, "text/csv;charset=utf-8");
}

/** Refunds owed and not yet made: Stripe refused or did not answer; the site tries again by itself. */
function OwedRefunds({ rows }: { rows: Money["owedRefunds"] }) {
  return (
    <SubPanel title="Refunds owed" icon={<Undo2 size={18} aria-hidden />} status={`${rows.length} not yet made: tried again every few minutes`}>
      <DataTable
        columns={[
          { header: "Since", cell: (row) => formatDateTime(row.createdAt) },
          { header: "Who", cell: (row) => row.name ?? "Anonymous" },
          { header: "What", cell: (row) => row.description },
          { header: "Amount", cell: (row) => formatMoney(row.amount, row.currency) },
          { header: "Tries", cell: (row) => row.attempts },
          { header: "Stripe said", cell: (row) => row.lastError ?? "" },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
      />
    </SubPanel>
  );
}

/** Issue 40: the classes still owed on the passes sold (credits left × price per credit), with its CSV. */
function OwedClasses() {
  const owed = useQuery(owedClassesQueryOptions()).data;
  if (!owed || owed.passes.length === 0) return null;
  const exportOwed = () =>
    downloadFile(
      `owed_classes_${localIsoDate()}.csv`,
      toCsv([
        ["Student", "Email", "Pass", "Credits left", "Valid until", "Owed"],
        ...owed.passes.map((pass) => [
          pass.name,
          pass.email,
          pass.title,
          pass.creditsLeft,
          pass.expiresAt.slice(0, 10),
          (pass.owed / 100).toFixed(2),
        ]),
      ]),
      "text/csv;charset=utf-8",
    );
  return (
    <SubPanel
      title="Owed in classes"
      icon={<Ticket size={18} aria-hidden />}
      action={
        <Button variant="outline" size="sm" onClick={exportOwed}>
          <Download size={16} aria-hidden />
          Export CSV
        </Button>
      }
    >
      <p data-testid="owed-classes">
        {owed.credits === 1 ? "1 class" : `${owed.credits} classes`} still owed on valid passes: {formatMoney(owed.total, owed.currency)}.
      </p>
      <DataTable
        columns={[
          { header: "Student", cell: (row) => row.name },
          { header: "Pass", cell: (row) => row.title },
          { header: "Left", cell: (row) => row.creditsLeft },
          { header: "Until", cell: (row) => formatDateTime(row.expiresAt).split(",")[0] },
          { header: "Owed", cell: (row) => formatMoney(row.owed, owed.currency) },
        ]}
        rows={owed.passes}
        rowKey={(row) => row.id}
      />
    </SubPanel>
  );
}

function Totals({ title, rows, currency }: { title: string; rows: Money["byMonth"]; currency: string }) {
  return (
    <SubPanel title={title} icon={<CalendarRange size={18} aria-hidden />}>
      <DataTable
        columns={[
          { header: title === "By month" ? "Month" : "Event", cell: (row) => row.label },
          { header: "Received", cell: (row) => formatMoney(row.paid, currency) },
          { header: "Refunded", cell: (row) => formatMoney(row.refunded, currency) },
          { header: "Kept", cell: (row) => formatMoney(row.paid - row.refunded, currency) },
        ]}
        rows={rows}
        rowKey={(row) => row.label}
      />
    </SubPanel>
  );
}

export function MoneyTab() {
  const [abandoned, setAbandoned] = useState(false);
  const query = useQuery(moneyQueryOptions(abandoned));
  const [refunding, setRefunding] = useState<Row | null>(null);
  const [stopping, setStopping] = useState<Row | null>(null);
  const stopGift = useStopGift();
  const money = query.data;
  return (
    <Panel
      title="Money"
      description="Payments for places, passes and gifts, through Stripe (and passes sold at the door)."
      actions={
        <Button variant="outline" disabled={!money?.payments.length} onClick={() => money && exportCsv(money)}>
          <Download size={16} aria-hidden />
          Export CSV
        </Button>
      }
    >
      {query.isPending ? (
        <StateText>Loading payments...</StateText>
      ) : query.isError || !money ? (
        <StateText>Failed to fetch payments</StateText>
      ) : !money.payments.length ? (
        <StateText>No payments yet</StateText>
      ) : (
        <div className={css({ display: "grid", gap: "6" })}>
          {money.owedRefunds.length > 0 && <OwedRefunds rows={money.owedRefunds} />}
          <Checkbox label="Show abandoned Checkouts" checked={abandoned} onChange={(change) => setAbandoned(change.target.checked)} />
          <DataTable columns={paymentColumns(setRefunding, setStopping)} rows={money.payments} rowKey={(row) => row.id} many />
          <Totals title="By month" rows={money.byMonth} currency={money.currency} />
          <Totals title="By event" rows={money.byEvent} currency={money.currency} />
        </div>
      )}
      <div className={css({ mt: "6" })}>
        <OwedClasses />
      </div>
      <ConfirmDialog
        open={stopping !== null}
        onOpenChange={(open) => !open && setStopping(null)}
        title="Stop this monthly gift"
        description={
          stopping
            ? `Stop ${stopping.name ?? stopping.email ?? "the donor"}'s gift of ${formatMoney(stopping.amount, stopping.currency)} a month? Nothing more is taken, and they are mailed.`
            : ""
        }
        confirmLabel="Stop the gift"
        pendingLabel="Stopping..."
        cancelLabel="Keep it"
        pending={stopGift.isPending}
        onConfirm={() =>
          stopping &&
          stopGift.mutate(stopping.id, {
            onSuccess: () => {
              notifySuccess("The monthly gift is stopped, and the donor is mailed");
              setStopping(null);
            },
            onError: (error) => notifyError(error, `Failed to stop the gift: ${errorText(error)}`),
          })
        }
      />
      <RefundDialog
        payment={
          refunding && {
            id: refunding.id,
            amount: refunding.amount,
            currency: refunding.currency,
            description: refunding.description,
            who: refunding.name ?? refunding.email ?? "Anonymous",
            place: refunding.kind === "registration",
          }
        }
        onClose={() => setRefunding(null)}
      />
    </Panel>
  );
}
