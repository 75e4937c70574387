import type { Event } from "@db/schema.ts";
import { formatDateRange, formatWeekdayDate } from "@server/shared/dates.ts";
import { classPath, eventPath } from "@server/shared/links.ts";
import { Button, Link, Section, Text } from "react-email";
import { Field, MailLayout, type SiteInfo, styles } from "./layout.tsx";
import { Receipt, type ReceiptData } from "./receipt.tsx";

/**
 * What a place is in, as its mails say it: an event (its row as it was when the mail was queued), or one date of a
 * weekly class (issue 39), told in an event's words (its date, its time as text, its place) with its start and end.
 */
export type Occasion = Event | ClassOccasion;
type ClassOccasion = Pick<Event, "id" | "name" | "startDate" | "endDate" | "time" | "location" | "description"> & {
  classDate: { startsAt: string; endsAt: string };
};

/** The occasion's page on the site: the event's link, or the class's. */
const occasionPath = (occasion: Occasion) => ("classDate" in occasion ? classPath(occasion.id) : eventPath(occasion.id));

/**
 * The registrant's name and the event as it was when the mail was queued. `variant`: the confirmation, the place that
 * came free from the waiting list ("A place is yours"), or the reminder the day before (issue 23).
 */
export type RegistrationConfirmationData = {
  name: string;
  event: Occasion;
  /** Rows queued before issue 23 have none. */
  cancelUrl?: string;
  variant?: "confirmed" | "moved-up" | "reminder";
  /** Issue 32: a paid place's receipt. */
  receipt?: ReceiptData;
  /** Payments off: the price, paid at the door ("A$25.00"). */
  payAtDoor?: string;
  /** An online or hybrid class date (issue 39): this booking's own join link (never the meeting room's). */
  join?: string;
  /** Issue 40: booked with a credit of this pass, and how many it has left. */
  credit?: { pass: string; creditsLeft: number };
  /** A place from the waiting list held for its payment: the link to pay, until when (as said in SITE_TIMEZONE). */
  payment?: { payUrl: string; holdUntil: string; amount: string };
};

const mapLink = (location: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;

/** Date, time and place of an event or a class date, with a map link. */
export function EventFields({ event }: { event: Occasion }) {
  return (
    <>
      <Field label={"classDate" in event ? "Class" : "Event"} value={event.name} />
      <Field label="Date" value={"classDate" in event ? formatWeekdayDate(event.startDate) : formatDateRange(event.startDate, event.endDate)} />
      <Field label="Time" value={event.time} />
      <Text style={styles.text}>
        <strong>Place:</strong> {event.location} (
        <Link href={mapLink(event.location)} style={styles.link}>
          map
        </Link>
        )
      </Text>
    </>
  );
}

/** An online or hybrid class date's way in: this booking's own link, which opens 15 minutes before the start. */
function JoinLink({ url }: { url: string }) {
  return (
    <Section style={{ margin: "20px 0" }}>
      <Button href={url} style={styles.button}>
        Join online
      </Button>
      <Text style={styles.label}>
        This link is yours alone: it opens 15 minutes before the start and takes you into the class. Please do not pass it on.
      </Text>
    </Section>
  );
}

/** The registrant's own link: a page on the site with one button that gives the place back. */
export function CancelLink({ url }: { url: string | undefined }) {
  if (!url) return null;
  return (
    <Text style={styles.label}>
      Cannot come after all? Please give your place to someone else:{" "}
      <Link href={url} style={styles.link}>
        Cancel my registration
      </Link>
    </Text>
  );
}

const titles = {
  confirmed: (name: string) => `You're registered for ${name}`,
  "moved-up": () => "A place is yours",
  reminder: (name: string) => `See you tomorrow: ${name}`,
};
const greetings = {
  confirmed: "thank you for registering. We look forward to seeing you.",
  "moved-up": "a place has come free and it is yours: you are registered. We look forward to seeing you.",
  reminder: "a reminder that we look forward to seeing you tomorrow.",
};

/** To the registrant: their place, a link back to the event, the event as an .ics attachment, the cancel link. */
export function RegistrationConfirmation({ site, data }: { site: SiteInfo; data: RegistrationConfirmationData }) {
  const { event } = data;
  const variant = data.variant ?? "confirmed";
  const link = `${site.siteUrl}${occasionPath(event)}`;
  const noun = "classDate" in event ? "class" : "event";
  // A class date's reminder comes shortly before it starts, not the day before (issue 39).
  const soon = variant === "reminder" && "classDate" in event;
  const title = soon ? `Starting soon: ${event.name}` : variant === "moved-up" && data.credit ? "You're in" : titles[variant](event.name);
  const greeting = soon ? `a reminder that ${event.name} starts at ${event.time.split(" – ")[0]}.` : greetings[variant];
  if (data.payment) return <PlaceHeld site={site} data={data} payment={data.payment} />;
  return (
    <MailLayout site={site} preview={title} title={title}>
      <Text style={styles.text}>
        Dear {data.name}, {greeting}
      </Text>
      {data.receipt && <Receipt receipt={data.receipt} />}
      {data.payAtDoor && <Text style={styles.text}>Pay at the door: {data.payAtDoor}.</Text>}
      {data.credit && (
        <Text style={styles.text}>
          One credit of your pass ({data.credit.pass}) is used for it: {data.credit.creditsLeft} left.
        </Text>
      )}
      <EventFields event={event} />
      {data.join && <JoinLink url={data.join} />}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's rich text, sanitised on write against the shared allowlist */}
      {variant !== "reminder" && <div style={styles.text} dangerouslySetInnerHTML={{ __html: event.description }} />}
      <Section style={{ margin: "20px 0" }}>
        <Button href={link} style={styles.button}>
          See the {noun} on the site
        </Button>
      </Section>
      <Text style={styles.label}>The attached calendar file adds the {noun} to your calendar.</Text>
      <CancelLink url={data.cancelUrl} />
    </MailLayout>
  );
}

/** "A place is yours" for a priced place: held for its holder until they pay, with the link to pay. */
function PlaceHeld({
  site,
  data,
  payment,
}: {
  site: SiteInfo;
  data: RegistrationConfirmationData;
  payment: NonNullable<RegistrationConfirmationData["payment"]>;
}) {
  const { event } = data;
  return (
    <MailLayout site={site} preview="A place is yours" title="A place is yours">
      <Text style={styles.text}>
        Dear {data.name}, a place has come free and it is yours. It is held for you until {payment.holdUntil}: pay {payment.amount} to keep it.
      </Text>
      <EventFields event={event} />
      <Section style={{ margin: "20px 0" }}>
        <Button href={payment.payUrl} style={styles.button}>
          Pay and keep my place
        </Button>
      </Section>
      <CancelLink url={data.cancelUrl} />
    </MailLayout>
  );
}
