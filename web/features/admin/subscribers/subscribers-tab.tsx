// Subscribers tab (spec §2.2): a page of the table at a time, searched by address and filtered by state on the server
// (issue 33), delete with confirm, the CSV of every subscriber made on the client, 'Send Newsletter' while mail is on
// (issue 15).

import { css } from "@styled-system/css" with { type: "macro" };
import { badge, dataTable } from "@styled-system/recipes";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { controlStyle, Field } from "@web/components/ui/field.tsx";
import { Pager, pageCount } from "@web/components/ui/pager.tsx";
import { Download, Send, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../shared/confirm-dialog.tsx";
import { countOf, downloadFile, formatCount, localIsoDate, toCsv } from "../shared/format.ts";
import { Panel, StateText } from "../shared/layout.tsx";
import { ListToolbar, useListControls } from "../shared/list-controls.tsx";
import { mailStatusQueryOptions } from "../shared/mail-status.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import {
  getAllSubscribers,
  newslettersQueryOptions,
  type Subscriber,
  type SubscriberState,
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

/** Spec §7: every subscriber, columns Email and Subscribed On (local date), file subscribers_{YYYY-MM-DD}.csv. */
async function exportSubscribersCsv() {
  const subscribers = await getAllSubscribers();
  const csv = toCsv([["Email", "Subscribed On"], ...subscribers.map((item) => [item.email, subscribedOn(item.createdAt)])]);
  downloadFile(`subscribers_${localIsoDate()}.csv`, csv, "text/csv;charset=utf-8");
}

/** What the list shows when no row matches: the spec's empty text, or what was looked for. */
function noneText(total: number, search: string, state: SubscriberState | "all") {
  if (!total) return "No subscribers found";
  if (search) return `No subscribers match "${search}"`;
  return state === "all" ? "No subscribers found" : `No ${STATES[state].label.toLowerCase()} subscribers`;
}

const styles = dataTable();

export function SubscribersTab() {
  const list = useListControls<SubscriberState | "all">("all");
  const query = useQuery(subscribersPageQueryOptions({ search: list.search, state: list.filter, page: list.page }));
  const remove = useDeleteSubscriber();
  const exporting = useMutation({ mutationFn: exportSubscribersCsv });
  const [deleting, setDeleting] = useState<Subscriber | null>(null);
  const [writing, setWriting] = useState(false);
  const mailOn = useQuery({ ...mailStatusQueryOptions(), refetchInterval: false }).data?.enabled === true;

  useEffect(() => {
    if (query.isError) notifyError(query.error, "Failed to fetch subscribers");
  }, [query.isError, query.error]);

  const subscribers = query.data?.items ?? [];
  const counts = query.data?.counts;
  const page = query.data?.page ?? 1;
  const pages = pageCount(query.data?.total ?? 0, query.data?.pageSize ?? 1);

  return (
    <Panel
      title="Subscribers"
      description={counts ? countOf(counts.all, "subscriber") : undefined}
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
      <ListToolbar label="Search subscribers" search={list.typed} onSearch={list.setTyped}>
        <Field label="State" className={css({ flex: "1 1 10rem" })}>
          <select className={controlStyle} value={list.filter} onChange={(event) => list.setFilter(event.target.value as SubscriberState | "all")}>
            <option value="all">All{counts && ` (${formatCount(counts.all)})`}</option>
            {(Object.keys(STATES) as SubscriberState[]).map((state) => (
              <option key={state} value={state}>
                {STATES[state].label}
                {counts && ` (${formatCount(counts[state])})`}
              </option>
            ))}
          </select>
        </Field>
      </ListToolbar>
      {query.isPending ? (
        <StateText>Loading subscribers...</StateText>
      ) : !subscribers.length ? (
        <StateText>{noneText(counts?.all ?? 0, list.search, list.filter)}</StateText>
      ) : (
        // Busy while the next page or search is read (the page shown stays meanwhile).
        <div className={styles.frame} aria-busy={query.isPlaceholderData || undefined}>
          <table className={styles.table}>
            <thead className={styles.head}>
              <tr>
                <th className={styles.header}>Email</th>
                <th className={styles.header}>Subscribed On</th>
                <th className={styles.header}>State</th>
                <th className={styles.header}>Actions</th>
              </tr>
            </thead>
            <tbody className={styles.body}>
              {subscribers.map((subscriber) => (
                <tr key={subscriber.id} className={styles.row}>
                  <td className={styles.cell} data-label="Email">
                    {subscriber.email}
                  </td>
                  <td className={styles.cell} data-label="Subscribed On">
                    {subscribedOn(subscriber.createdAt)}
                  </td>
                  <td className={styles.cell} data-label="State">
                    <span className={badge({ tone: STATES[subscriber.state].tone })}>{STATES[subscriber.state].label}</span>
                  </td>
                  <td className={styles.cell}>
                    <Button size="sm" variant="ghost" aria-label={`Delete ${subscriber.email}`} onClick={() => setDeleting(subscriber)}>
                      <Trash2 size={16} aria-hidden />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Subscriber pages" page={page} pages={pages} onPage={list.setPage} />
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
function PastNewsletters() {
  const newsletters = useQuery(newslettersQueryOptions()).data ?? [];
  if (!newsletters.length) return null;
  return (
    <section aria-label="Past newsletters" className={css({ mt: "6" })}>
      <h3 className={css({ fontSize: "md", fontWeight: "600", mb: "2" })}>Past newsletters</h3>
      <div className={styles.frame}>
        <table className={styles.table}>
          <thead className={styles.head}>
            <tr>
              <th className={styles.header}>Subject</th>
              <th className={styles.header}>Sent On</th>
              <th className={styles.header}>Recipients</th>
              <th className={styles.header}>Sent</th>
              <th className={styles.header}>Failed</th>
              <th className={styles.header}>Waiting</th>
            </tr>
          </thead>
          <tbody className={styles.body}>
            {newsletters.map((newsletter) => (
              <tr key={newsletter.id} className={styles.row}>
                <td className={styles.cell} data-label="Subject">
                  {newsletter.subject}
                </td>
                <td className={styles.cell} data-label="Sent On">
                  {subscribedOn(newsletter.createdAt)}
                </td>
                <td className={styles.cell} data-label="Recipients">
                  {newsletter.recipients}
                </td>
                <td className={styles.cell} data-label="Sent">
                  {newsletter.sent}
                </td>
                <td className={styles.cell} data-label="Failed">
                  {newsletter.failed}
                </td>
                <td className={styles.cell} data-label="Waiting">
                  {newsletter.waiting}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
