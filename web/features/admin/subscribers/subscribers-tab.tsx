// Subscribers tab (spec §2.2): table, delete with confirm, client-side CSV, 'Send Newsletter' while mail is on (issue 15).

import { css } from "@styled-system/css" with { type: "macro" };
import { badge, dataTable } from "@styled-system/recipes";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Download, Send, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../shared/confirm-dialog.tsx";
import { downloadFile, localIsoDate, toCsv } from "../shared/format.ts";
import { Panel, StateText } from "../shared/layout.tsx";
import { mailStatusQueryOptions } from "../shared/mail-status.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import { newslettersQueryOptions, type Subscriber, subscribersQueryOptions, useDeleteSubscriber } from "./api.ts";
import { NewsletterDialog } from "./newsletter-dialog.tsx";

const subscribedOn = (createdAt: string) => new Date(createdAt).toLocaleDateString();

/** Double opt-in (issue 15): pending until the address follows its confirmation link. */
const STATES = {
  confirmed: { label: "Confirmed", tone: "success" },
  pending: { label: "Pending", tone: "neutral" },
  unsubscribed: { label: "Unsubscribed", tone: "danger" },
} as const;

/** Spec §7: columns Email and Subscribed On (local date), file subscribers_{YYYY-MM-DD}.csv. */
function exportSubscribersCsv(subscribers: Subscriber[]) {
  const csv = toCsv([["Email", "Subscribed On"], ...subscribers.map((item) => [item.email, subscribedOn(item.createdAt)])]);
  downloadFile(`subscribers_${localIsoDate()}.csv`, csv, "text/csv;charset=utf-8");
}

const styles = dataTable();

export function SubscribersTab() {
  const query = useQuery(subscribersQueryOptions());
  const remove = useDeleteSubscriber();
  const [deleting, setDeleting] = useState<Subscriber | null>(null);
  const [writing, setWriting] = useState(false);
  const mailOn = useQuery({ ...mailStatusQueryOptions(), refetchInterval: false }).data?.enabled === true;

  useEffect(() => {
    if (query.isError) notifyError(query.error, "Failed to fetch subscribers");
  }, [query.isError, query.error]);

  const subscribers = query.data ?? [];
  const confirmed = subscribers.filter((subscriber) => subscriber.state === "confirmed").length;

  return (
    <Panel
      title="Subscribers"
      description={query.data ? `${subscribers.length} subscriber${subscribers.length === 1 ? "" : "s"}` : undefined}
      actions={
        <>
          <Button variant="outline" disabled={!subscribers.length} onClick={() => exportSubscribersCsv(subscribers)}>
            <Download size={16} aria-hidden />
            Export CSV
          </Button>
          <Button disabled={!mailOn} title={mailOn ? undefined : "Mail is off: set SMTP_URL and MAIL_FROM"} onClick={() => setWriting(true)}>
            <Send size={16} aria-hidden />
            Send Newsletter
          </Button>
        </>
      }
    >
      {query.isPending ? (
        <StateText>Loading subscribers...</StateText>
      ) : !subscribers.length ? (
        <StateText>No subscribers found</StateText>
      ) : (
        <div className={styles.frame}>
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
      <PastNewsletters />
      <NewsletterDialog open={writing} onClose={() => setWriting(false)} recipients={confirmed} />
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
