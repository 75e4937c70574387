// Subscribers tab (spec §2.2): table, delete with confirm, client-side CSV, 'Send Newsletter' while mail is on (issue 15).

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { badge } from "@styled-system/recipes";
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

const cell = css({ px: "3", py: "2.5", textAlign: "left", borderBottomWidth: "1px", borderColor: "border", verticalAlign: "middle" });

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
        <div className={css({ overflowX: "auto" })}>
          <table className={css({ w: "full", borderCollapse: "collapse", fontSize: "sm" })}>
            <thead className={css({ bg: "bg.muted" })}>
              <tr>
                <th className={cell}>Email</th>
                <th className={cell}>Subscribed On</th>
                <th className={cell}>State</th>
                <th className={cell}>Actions</th>
              </tr>
            </thead>
            <tbody>
              {subscribers.map((subscriber) => (
                <tr key={subscriber.id}>
                  <td className={cx(cell, css({ overflowWrap: "anywhere" }))}>{subscriber.email}</td>
                  <td className={cell}>{subscribedOn(subscriber.createdAt)}</td>
                  <td className={cell}>
                    <span className={badge({ tone: STATES[subscriber.state].tone })}>{STATES[subscriber.state].label}</span>
                  </td>
                  <td className={cell}>
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
      <table className={css({ w: "full", borderCollapse: "collapse", fontSize: "sm" })}>
        <thead className={css({ bg: "bg.muted" })}>
          <tr>
            <th className={cell}>Subject</th>
            <th className={cell}>Sent On</th>
            <th className={cell}>Recipients</th>
            <th className={cell}>Sent</th>
            <th className={cell}>Failed</th>
            <th className={cell}>Waiting</th>
          </tr>
        </thead>
        <tbody>
          {newsletters.map((newsletter) => (
            <tr key={newsletter.id}>
              <td className={cx(cell, css({ overflowWrap: "anywhere" }))}>{newsletter.subject}</td>
              <td className={cell}>{subscribedOn(newsletter.createdAt)}</td>
              <td className={cell}>{newsletter.recipients}</td>
              <td className={cell}>{newsletter.sent}</td>
              <td className={cell}>{newsletter.failed}</td>
              <td className={cell}>{newsletter.waiting}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
