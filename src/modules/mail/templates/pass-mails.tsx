// Issue 40's mails: a pass issued (bought, with its receipt, or given at the door), its credits running low, its end
// coming; and My practice's sign-in code. Each links to My practice.
import { Button, Section, Text } from "react-email";
import { Field, MailLayout, type SiteInfo, styles } from "./layout.tsx";
import { Receipt, type ReceiptData } from "./receipt.tsx";

export type PassNoticeData = {
  name: string;
  pass: string;
  creditsLeft: number;
  /** Its last day, as said ("9 March 2027"). */
  expires: string;
  practiceUrl: string;
  why: "issued" | "low" | "expiring";
  receipt?: ReceiptData;
};

function PracticeButton({ url }: { url: string }) {
  return (
    <Section style={{ margin: "20px 0" }}>
      <Button href={url} style={styles.button}>
        Open My practice
      </Button>
    </Section>
  );
}

const classes = (count: number) => (count === 1 ? "1 class" : `${count} classes`);

export function PassNotice({ site, data }: { site: SiteInfo; data: PassNoticeData }) {
  const title = {
    issued: `Your pass: ${data.pass}`,
    low: `${classes(data.creditsLeft)} left on your pass`,
    expiring: "Your pass expires soon",
  }[data.why];
  const text = {
    issued: `your pass is ready: ${classes(data.creditsLeft)}, until ${data.expires}. Book your classes on My practice, with the code we mail you there: no password.`,
    low: `your pass ${data.pass} has ${classes(data.creditsLeft)} left, until ${data.expires}.`,
    expiring: `your pass ${data.pass} ends on ${data.expires}, with ${classes(data.creditsLeft)} still on it. Book them before then.`,
  }[data.why];
  return (
    <MailLayout site={site} preview={title} title={title}>
      <Text style={styles.text}>
        Dear {data.name}, {text}
      </Text>
      {data.receipt && <Receipt receipt={data.receipt} />}
      <Field label="Pass" value={data.pass} />
      <Field label="Classes left" value={String(data.creditsLeft)} />
      <Field label="Valid until" value={data.expires} />
      <PracticeButton url={data.practiceUrl} />
    </MailLayout>
  );
}

export type PracticeCodeData = { code: string; signInUrl: string; minutes: number };

export function PracticeCode({ site, data }: { site: SiteInfo; data: PracticeCodeData }) {
  return (
    <MailLayout site={site} preview={`Your code for My practice: ${data.code}`} title="Your code for My practice">
      <Text style={styles.text}>Type this code on My practice, or open the link. Both work once, for {data.minutes} minutes.</Text>
      <Text style={{ ...styles.text, fontSize: "28px", fontWeight: 700, letterSpacing: "6px" }}>{data.code}</Text>
      <PracticeButton url={data.signInUrl} />
      <Text style={styles.label}>If you did not ask for it, ignore this mail: nobody can sign in without it.</Text>
    </MailLayout>
  );
}

export type StandingEndedData = { name: string; className: string; weekday: string; practiceUrl: string };

/** A standing booking stopped by itself: no credit left for its class. */
export function StandingEnded({ site, data }: { site: SiteInfo; data: StandingEndedData }) {
  return (
    <MailLayout site={site} preview="Your standing booking has stopped" title="Your standing booking has stopped">
      <Text style={styles.text}>
        Dear {data.name}, your standing booking for {data.className} on {data.weekday}s has stopped: your passes have no credit left for it. With a
        new pass you can start it again on My practice.
      </Text>
      <PracticeButton url={data.practiceUrl} />
    </MailLayout>
  );
}
