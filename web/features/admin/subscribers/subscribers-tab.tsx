// Subscribers tab (spec §2.2): a page of the table at a time, searched by address and filtered by state on the server
// (issue 33), delete with confirm, the CSV of every subscriber made on the client, 'Send Newsletter' while mail is on
// (issue 15).

import { css } from "@styled-system/css" with { type: "macro" };
import { badge } from "@styled-system/recipes";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { EmailText } from "@web/components/ui/email-text.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { Download, Send, Trash2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { ConfirmDialog } from "../shared/confirm-dialog.tsx";
import { type Column, DataTable } from "../shared/data-table.tsx";
import { downloadFile, localIsoDate, toCsv } from "../shared/format.ts";
import { Panel, StateText } from "../shared/layout.tsx";
import { mailStatusQueryOptions } from "../shared/mail-status.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import { formatCount, ListCount, ListFilters, ListPager, useListQuery } from "../shared/paged-list.tsx";
import {
  getAllSubscribers,
  type NewsletterSummary,
  newslettersQueryOptions,
  type Subscriber,
  type SubscriberCounts,
  type SubscribersQuery,
  subscribersPageQueryOptions,
  useDeleteSubscriber,
} from "./api.ts";
import { NewsletterDialog } from "./newsletter-dialog.tsx";

const subscribedOn = (createdAt: string) => new Date(createdAt).toLocaleDateString();

/** Double opt-in (issue 15): pending until the address follows its confirmation link. */
const STATES = {
  confirmed: { label: "Confirmed", tone: "success" },
  pending: { label: "Pending", tone: "neutral" },
  unsubscribed: { label: "Unsubscribed", tone: "danger" },
} as const;

type StateFilter = SubscribersQuery["state"];

/** The state filter's options, each with its count of the whole list once known. */
function stateOptions(counts: SubscriberCounts | undefined) {
  const counted = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${formatCount(count)})`);
  return [
    { value: "all", label: counted("All", counts?.all) },
    ...(Object.keys(STATES) as (keyof typeof STATES)[]).map((state) => ({ value: state, label: counted(STATES[state].label, counts?.[state]) })),
  ];
}

/** Spec §7: every subscriber, columns Email and Subscribed On (local date), file subscribers_{YYYY-MM-DD}.csv. */
async function exportSubscribersCsv() {
  const subscribers = await getAllSubscribers();
  const csv = toCsv([["Email", "Subscribed On"], ...subscribers.map((item) => [item.email, subscribedOn(item.createdAt)])]);
  downloadFile(`subscribers_${localIsoDate()}.csv`, csv, "text/csv;charset=utf-8");
}

/** What the list shows when no row matches: the spec's empty text, or what was looked for. */
function noneText(all: number, search: string, state: StateFilter) {
  if (search) return `No subscribers match "${search}"`;
  return !all || state === "all" ? "No subscribers found" : `No ${STATES[state].label.toLowerCase()} subscribers`;
}

export function SubscribersTab() {
  const list = useListQuery<{ state: StateFilter }>({ state: "all" });
  const query = useQuery(subscribersPageQueryOptions(list.query));
  const remove = useDeleteSubscriber();
  const exporting = useMutation({ mutationFn: exportSubscribersCsv });
  const [deleting, setDeleting] = useState<Subscriber | null>(null);
  const [writing, setWriting] = useState(false);
  const mailOn = useQuery({ ...mailStatusQueryOptions(), refetchInterval: false }).data?.enabled === true;

  useEffect(() => {
    if (query.isError) notifyError(query.error, "Failed to fetch subscribers");
  }, [query.isError, query.error]);

  const counts = query.data?.counts;
  const options = useMemo(() => stateOptions(counts), [counts]);
  const columns: Column<Subscriber>[] = [
    { header: "Email", cell: (subscriber) => <EmailText email={subscriber.email} /> },
    { header: "Subscribed On", cell: (subscriber) => subscribedOn(subscriber.createdAt) },
    {
      header: "State",
      cell: (subscriber) => <span className={badge({ tone: STATES[subscriber.state].tone })}>{STATES[subscriber.state].label}</span>,
    },
    {
      header: "Actions",
      show: "plain",
      cell: (subscriber) => (
        <Button size="sm" variant="ghost" aria-label={`Delete ${subscriber.email}`} onClick={() => setDeleting(subscriber)}>
          <Trash2 size={16} aria-hidden />
        </Button>
      ),
    },
  ];

  return (
    <Panel
      title="Subscribers"
      description={counts ? `${formatCount(counts.all)} subscriber${counts.all === 1 ? "" : "s"}` : undefined}
      actions={
        <>
          <Button
            variant="outline"
            disabled={!counts?.all || exporting.isPending}
            onClick={() => exporting.mutate(undefined, { onError: (error) => notifyError(error, "Failed to fetch subscribers") })}
          >
            <Download size={16} aria-hidden />
            {exporting.isPending ? "Exporting..." : "Export CSV"}
          </Button>
          <Button disabled={!mailOn} title={mailOn ? undefined : "Mail is off: set SMTP_URL and MAIL_FROM"} onClick={() => setWriting(true)}>
            <Send size={16} aria-hidden />
            Send Newsletter
          </Button>
        </>
      }
    >
      <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        <ListFilters label="Subscribers" search={list.search} onSearch={list.type}>
          <Select
            label="State"
            options={options}
            value={list.filters.state}
            onValueChange={(state) => list.filter({ state: state as StateFilter })}
          />
        </ListFilters>
        <ListCount data={query.data} one="subscriber" many="subscribers" />
        {query.isPending ? (
          <StateText>Loading subscribers...</StateText>
        ) : !query.data?.items.length ? (
          <StateText>{noneText(counts?.all ?? 0, list.query.search, list.filters.state)}</StateText>
        ) : (
          // Busy while the next page or search is read (the page shown stays meanwhile).
          <div aria-busy={query.isPlaceholderData || undefined}>
            <DataTable columns={columns} rows={query.data.items} rowKey={(subscriber) => subscriber.id} />
          </div>
        )}
        <ListPager data={query.data} label="Subscriber pages" onPage={list.goTo} />
      </div>
      <PastNewsletters />
      <NewsletterDialog open={writing} onClose={() => setWriting(false)} recipients={counts?.confirmed ?? 0} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Subscriber"
        description="Are you sure you want to remove this subscriber? This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess("Subscriber deleted successfully");
              setDeleting(null);
            },
            onError: (error) => notifyError(error, "Failed to delete subscriber"),
          })
        }
      />
    </Panel>
  );
}

/** Each newsletter sent, with how many of its messages went out, failed or still wait. */
const NEWSLETTER_COLUMNS: Column<NewsletterSummary>[] = [
  { header: "Subject", cell: (newsletter) => newsletter.subject },
  { header: "Sent On", cell: (newsletter) => subscribedOn(newsletter.createdAt) },
  { header: "Recipients", cell: (newsletter) => newsletter.recipients },
  { header: "Sent", cell: (newsletter) => newsletter.sent },
  { header: "Failed", cell: (newsletter) => newsletter.failed },
  { header: "Waiting", cell: (newsletter) => newsletter.waiting },
];

function PastNewsletters() {
  const newsletters = useQuery(newslettersQueryOptions()).data ?? [];
  if (!newsletters.length) return null;
  return (
    <section aria-label="Past newsletters" className={css({ mt: "6" })}>
      <h3 className={css({ fontSize: "md", fontWeight: "600", mb: "2" })}>Past newsletters</h3>
      <DataTable columns={NEWSLETTER_COLUMNS} rows={newsletters} rowKey={(newsletter) => newsletter.id} many />
    </section>
  );
}
