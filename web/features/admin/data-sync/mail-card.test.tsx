import { describe, expect, test } from "bun:test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { type MailStatus, mailStatusQueryOptions } from "../shared/mail-status.ts";
import { MailCard } from "./mail-card.tsx";

const render = (status: MailStatus) => {
  const client = new QueryClient();
  client.setQueryData(mailStatusQueryOptions().queryKey, status);
  return renderToString(
    <QueryClientProvider client={client}>
      <MailCard />
    </QueryClientProvider>,
  );
};

describe("MailCard", () => {
  test("off: says how to turn mail on; 'Send a test mail' is disabled", () => {
    const html = render({ enabled: false, from: null, notifyEmail: null, lastError: null, recent: [] });
    expect(html).toContain(">Off<");
    expect(html).toContain("Mail is off. Set SMTP_URL and MAIL_FROM on the server");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Send a test mail/);
  });

  test("on: the sender, the last error and the recent rows (to, subject, state, attempts, last answer)", () => {
    const html = render({
      enabled: true,
      from: "Vedanta & Yoga <hello@example.org>",
      notifyEmail: "teacher@example.org",
      lastError: { queuedAt: "2026-11-23T10:00:00.000Z", recipient: "ravi@example.org", answer: "451 Try again later" },
      recent: [
        {
          id: 2,
          recipient: "ravi@example.org",
          subject: "You're registered: Satsang Evening",
          state: "waiting",
          attempts: 1,
          lastAnswer: "451 Try again later",
          createdAt: "2026-11-23T10:00:00.000Z",
          sentAt: null,
        },
        {
          id: 1,
          recipient: "teacher@example.org",
          subject: "Contact form: Classes",
          state: "sent",
          attempts: 1,
          lastAnswer: "250 OK",
          createdAt: "2026-11-23T09:00:00.000Z",
          sentAt: "2026-11-23T09:00:01.000Z",
        },
      ],
    });
    expect(html).toContain(">On<");
    expect(html).toContain("Sending as <!-- -->Vedanta &amp; Yoga &lt;hello@example.org&gt;");
    expect(html).toContain("Last error (<!-- -->ravi@example.org<!-- -->): <!-- -->451 Try again later");
    for (const cell of [
      ">To</th>",
      ">Subject</th>",
      ">State</th>",
      ">Attempts</th>",
      ">Last answer</th>",
      "Contact form: Classes",
      ">sent<",
      ">waiting<",
    ]) {
      expect(html).toContain(cell);
    }
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>.*Send a test mail/);
  });
});
