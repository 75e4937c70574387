// The 'Mail' card (issue 15): whether the site sends mail, its last error, 'Send a test mail', the outbox's recent rows.

import { css } from "@styled-system/css" with { type: "macro" };
import { badge } from "@styled-system/recipes";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { EmailText } from "@web/components/ui/email-text.tsx";
import { Mail, Send } from "lucide-react";
import { DataTable } from "../shared/data-table.tsx";
import { formatDateTime } from "../shared/format.ts";
import { SubPanel } from "../shared/layout.tsx";
import { mailStatusQueryOptions } from "../shared/mail-status.ts";
import { errorText, notifyError, notifySuccess } from "../shared/notify.ts";
import { useSendTestMail } from "./api.ts";

const muted = css({ color: "fg.muted", fontSize: "sm" });
const STATE_TONES = { sent: "success", failed: "danger", waiting: "neutral", sending: "info" } as const;

export function MailCard() {
  const status = useQuery(mailStatusQueryOptions());
  const sendTest = useSendTestMail();
  const data = status.data;

  return (
    <SubPanel
      title="Mail"
      icon={<Mail size={18} aria-hidden />}
      status={data && <span className={badge({ tone: data.enabled ? "success" : "neutral" })}>{data.enabled ? "On" : "Off"}</span>}
      action={
        <Button
          size="sm"
          onClick={() =>
            sendTest.mutate(undefined, {
              onSuccess: (answer) => notifySuccess("Test mail queued", answer.message),
              onError: (error) => notifyError(error, errorText(error) || "Unknown error occurred", "Test Mail Failed"),
            })
          }
          disabled={!data?.enabled || sendTest.isPending}
        >
          <Send size={14} aria-hidden />
          {sendTest.isPending ? "Sending..." : "Send a test mail"}
        </Button>
      }
    >
      {status.isPending ? (
        <p className={muted}>Checking...</p>
      ) : !data ? (
        <p className={muted}>Failed to load the mail status.</p>
      ) : !data.enabled ? (
        <p className={muted}>
          Mail is off. Set SMTP_URL and MAIL_FROM on the server to mail the teacher's notices, registration confirmations and newsletters.
        </p>
      ) : (
        <>
          <p className={muted}>
            Sending as {data.from}; notices go to {data.notifyEmail ?? "nobody (set NOTIFY_EMAIL or the profile's email)"}.
          </p>
          {data.lastError && (
            <p role="status" className={css({ color: "danger", fontSize: "sm" })}>
              Last error ({data.lastError.recipient}): {data.lastError.answer}
            </p>
          )}
          {data.recent.length === 0 ? (
            <p className={muted}>No mail sent yet.</p>
          ) : (
            <DataTable
              columns={[
                { header: "To", cell: (row) => <EmailText email={row.recipient} /> },
                { header: "Subject", cell: (row) => row.subject },
                {
                  header: "State",
                  cell: (row) => (
                    <span className={badge({ tone: STATE_TONES[row.state] })} title={formatDateTime(row.sentAt ?? row.createdAt)}>
                      {row.state}
                    </span>
                  ),
                },
                { header: "Attempts", cell: (row) => row.attempts },
                { header: "Last answer", cell: (row) => row.lastAnswer ?? "", className: muted },
              ]}
              rows={data.recent}
              rowKey={(row) => row.id}
              many
            />
          )}
        </>
      )}
    </SubPanel>
  );
}
