// The public page's <head> for search engines and link previews (issue 5, metadata): title, description,
// canonical URL, Open Graph and Twitter cards, and JSON-LD for the teacher, the association and each upcoming event;
// on a link's page (`/?event=<id>`, `/?archive=<id>`, issue 16) the same for the item it opens.
import { imageSources, PORTRAIT_SIZES } from "@server/shared/images.ts";
import { eventPath } from "@server/shared/links.ts";
import { htmlToText } from "@server/shared/rich-text.ts";
import type { ArchiveItem } from "../archive/index.ts";
import type { PublicClass } from "../classes/index.ts";
import type { Event, PublicEvent } from "../events/index.ts";
import type { PublicProfile } from "../profile/index.ts";

const ORGANIZATION_NAME = "Vedanta and Yoga Association of Melbourne";
const DEFAULT_DESCRIPTION = "Yoga and Vedanta classes, retreats and talks in Melbourne.";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
/** JSON that is safe inside a <script> element (no "</script>", no HTML comment openers). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** Cut at a word boundary, with an ellipsis when cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[\s,.;:]+$/, "")}…`;
}

const absolute = (siteUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${siteUrl}${url.startsWith("/") ? "" : "/"}${url}`);

// "7:00 pm", "10 am", "19:30": the first two found in an event's free-text time are its start and end.
const TIME = /\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\b\.?|\b(\d{1,2}):(\d{2})\b/gi;

function times(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(TIME)) {
    let hours = Number(match[1] ?? match[4]);
    const minutes = Number(match[2] ?? match[5] ?? 0);
    const half = match[3]?.toLowerCase();
    if (half === "p" && hours < 12) hours += 12;
    if (half === "a" && hours === 12) hours = 0;
    if (hours > 23 || minutes > 59) continue;
    found.push(`${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`);
  }
  return found;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The UTC offset ("+11:00") in `timezone` at a wall-clock date and time there. */
export function offsetAt(timezone: string, date: string, time: string): string {
  let format = offsetFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: timezone, timeZoneName: "longOffset" });
    offsetFormats.set(timezone, format);
  }
  const minutesOf = (instant: number) => {
    const name = format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  };
  const wall = Date.parse(`${date}T${time}:00Z`);
  // The offset at the wall time read as UTC is off by at most one DST change; one correction settles it.
  const offset = minutesOf(wall - minutesOf(wall) * 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

const addDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** An event's start and end as ISO 8601 with the site's offset, from its dates and free-text time. */
export function eventDateTimes(event: Pick<Event, "startDate" | "endDate" | "time">, timezone: string): { startDate: string; endDate: string } {
  const [startTime = "00:00", endTime] = times(event.time);
  let endDay = event.endDate ?? event.startDate;
  const finish = endTime ?? (event.endDate ? "23:59" : startTime);
  // "7:00 pm – 12:00 am" ends after midnight.
  if (endDay === event.startDate && finish < startTime) endDay = addDay(endDay);
  return {
    startDate: `${event.startDate}T${startTime}:00${offsetAt(timezone, event.startDate, startTime)}`,
    endDate: `${endDay}T${finish}:00${offsetAt(timezone, endDay, finish)}`,
  };
}

/** The preview image of a link: a resized copy with its size, or an image elsewhere as it is. */
export type PreviewImage = { url: string; width?: number; height?: number };

/** What a link (`/?event=<id>`, `/?archive=<id>`) opens: an upcoming event, or an archive entry (a past event or a row). */
export type LinkedItem = { url: string; image: PreviewImage | null } & ({ event: PublicEvent } | { entry: ArchiveItem } | { weekly: PublicClass });

export type PageMetadataInput = {
  siteUrl: string;
  siteName: string;
  timezone: string;
  profile: PublicProfile;
  events: PublicEvent[];
  /** On a link's page: the item it opens (its title, description, image and JSON-LD instead of the teacher's). */
  linked?: LinkedItem;
};

type Ids = { person: string; organization: string; image: string };

/** Issue 23: sold out at no place left, limited at a fifth of the places or fewer (at least 1), else in stock. */
function availabilityOf({ capacity, placesLeft }: PublicEvent) {
  if (capacity === null || placesLeft === null) return "InStock";
  if (placesLeft === 0) return "SoldOut";
  return placesLeft <= Math.max(1, Math.ceil(capacity / 5)) ? "LimitedAvailability" : "InStock";
}

function upcomingEvent(event: PublicEvent, url: string, timezone: string, siteUrl: string, ids: Ids) {
  return {
    "@type": "Event",
    name: event.name,
    ...eventDateTimes(event, timezone),
    eventStatus: `https://schema.org/${event.cancelledAt ? "EventCancelled" : "EventScheduled"}`,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: { "@type": "Place", name: event.location, address: event.location },
    description: clip(htmlToText(event.description), 500),
    image: event.images.length ? event.images.map((photo) => absolute(siteUrl, photo)) : [ids.image],
    url,
    organizer: { "@id": ids.organization },
    performer: { "@id": ids.person },
    ...(event.placesLeft !== null && { remainingAttendeeCapacity: event.placesLeft }),
    // Issue 32: the price in the currency's major unit (25 for 2500 cents); a free event 0; by donation, the suggested amount.
    offers: {
      "@type": "Offer",
      url,
      availability: `https://schema.org/${availabilityOf(event)}`,
      price: (event.price ?? 0) / 100,
      priceCurrency: event.currency.toUpperCase(),
    },
  };
}

/**
 * Issue 39: a weekly class's link is an Event a date (its next ones), each scheduled or cancelled, in person, online
 * or both, with the drop-in price as its offer.
 */
function classDates(weekly: PublicClass, url: string, currency: string, ids: Ids) {
  const attendance = { "in-person": "Offline", online: "Online", hybrid: "Mixed" }[weekly.mode];
  return weekly.upcoming.map((date) => ({
    "@type": "Event",
    name: weekly.name,
    startDate: date.startsAt,
    endDate: date.endsAt,
    eventStatus: `https://schema.org/${date.state === "cancelled" ? "EventCancelled" : "EventScheduled"}`,
    eventAttendanceMode: `https://schema.org/${attendance}EventAttendanceMode`,
    location: weekly.mode === "online" ? { "@type": "VirtualLocation", url } : { "@type": "Place", name: weekly.location, address: weekly.location },
    description: clip(htmlToText(weekly.description), 500),
    image: [ids.image],
    url,
    organizer: { "@id": ids.organization },
    performer: { "@id": ids.person },
    ...(date.placesLeft !== null && { remainingAttendeeCapacity: date.placesLeft }),
    offers: {
      "@type": "Offer",
      url,
      availability: `https://schema.org/${date.state === "full" ? "SoldOut" : "InStock"}`,
      price: (weekly.price ?? 0) / 100,
      priceCurrency: currency.toUpperCase(),
    },
  }));
}

const photosOf = (entry: ArchiveItem) => [entry.image, ...entry.images].filter(Boolean);

/** "March 3, 2024" (the archive's date of a past event, src/modules/archive/service.ts) as "2024-03-03". */
function isoDay(text: string): string | undefined {
  const time = Date.parse(`${text} UTC`);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/** A past event is an Event in the past (its dates from the archive's date); an archive row, its photo gallery. */
function archiveEntry(entry: ArchiveItem, url: string, siteUrl: string, ids: Ids) {
  const common = {
    name: entry.title,
    description: clip(htmlToText(entry.description), 500),
    image: photosOf(entry).map((photo) => absolute(siteUrl, photo)),
    url,
  };
  if (entry.source === "archive") return { "@type": "ImageGallery", ...common, author: { "@id": ids.organization } };
  const [start = "", end] = entry.date.split(" – ").map(isoDay);
  return {
    "@type": "Event",
    ...common,
    ...(start && { startDate: start, endDate: end ?? start }),
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    organizer: { "@id": ids.organization },
    performer: { "@id": ids.person },
  };
}

/** The JSON-LD graph: Person, Organization, and one Event per upcoming event (on a link's page, its item only). */
function structuredData({ siteUrl, timezone, profile, events, linked }: PageMetadataInput) {
  const home = `${siteUrl}/`;
  const ids: Ids = { person: `${home}#teacher`, organization: `${home}#organization`, image: absolute(siteUrl, profile.profileImage) };
  const address = profile.address
    ? { "@type": "PostalAddress", streetAddress: profile.address, addressLocality: "Melbourne", addressRegion: "VIC", addressCountry: "AU" }
    : undefined;
  const items = !linked
    ? events.map((event) => upcomingEvent(event, `${siteUrl}${eventPath(event.id)}`, timezone, siteUrl, ids))
    : "event" in linked
      ? [upcomingEvent(linked.event, linked.url, timezone, siteUrl, ids)]
      : "entry" in linked
        ? [archiveEntry(linked.entry, linked.url, siteUrl, ids)]
        : classDates(linked.weekly, linked.url, profile.payments.currency, ids);
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Person",
        "@id": ids.person,
        name: profile.name,
        jobTitle: profile.title,
        description: clip(htmlToText(profile.biography), 300),
        image: ids.image,
        url: home,
        ...(profile.email && { email: profile.email }),
        ...(profile.phone && { telephone: profile.phone }),
        worksFor: { "@id": ids.organization },
      },
      {
        "@type": "Organization",
        "@id": ids.organization,
        name: ORGANIZATION_NAME,
        url: home,
        logo: `${siteUrl}/icon-512.png`,
        ...(profile.email && { email: profile.email }),
        ...(profile.phone && { telephone: profile.phone }),
        ...(address && { address }),
        founder: { "@id": ids.person },
      },
      ...items,
    ],
  };
}

/**
 * A preload of the hero portrait, the page's largest paint, for the top of <head>: its request starts with the first
 * bytes of the page instead of after the inline stylesheet. Empty when the profile has no image (the bundled
 * placeholder is shown).
 */
export function portraitPreload(profile: Pick<PublicProfile, "profileImage"> | null | undefined): string {
  const url = profile?.profileImage?.trim();
  if (!url) return "";
  const { src, srcSet, sizes } = imageSources(url, PORTRAIT_SIZES);
  // biome-ignore lint/style/noNonNullAssertion: sizes comes with every srcSet (imageSources)
  const responsive = srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes!)}"` : "";
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${responsive} fetchpriority="high">`;
}

/** The page's title, description, address and preview image: the teacher's on `/`, the item's on its link. */
function summary({ siteUrl, siteName, profile, linked }: PageMetadataInput): {
  title: string;
  description: string;
  url: string;
  image: PreviewImage & { alt: string };
} {
  const portrait = { url: absolute(siteUrl, profile.profileImage), alt: profile.name };
  if (!linked) {
    const bio = htmlToText(profile.biography);
    const description = clip(bio ? `${profile.title}. ${bio}` : DEFAULT_DESCRIPTION, 160);
    return { title: `${profile.name} · ${siteName}`, description, url: `${siteUrl}/`, image: portrait };
  }
  const [name, html] =
    "event" in linked
      ? [linked.event.name, linked.event.description]
      : "entry" in linked
        ? [linked.entry.title, linked.entry.description]
        : [linked.weekly.name, linked.weekly.description];
  const description = clip(htmlToText(html) || DEFAULT_DESCRIPTION, 160);
  return { title: `${name} · ${siteName}`, description, url: linked.url, image: linked.image ? { ...linked.image, alt: name } : portrait };
}

/** Everything the public page adds to <head> (the built index.html's own title and description are replaced). */
export function pageHead(input: PageMetadataInput): string {
  const { title, description, url, image } = summary(input);
  const meta = (attribute: "name" | "property", key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const size = image.width && image.height ? [image.width, image.height] : null;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta("name", "description", description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", input.siteName),
    meta("property", "og:locale", "en_AU"),
    meta("property", "og:url", url),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:image", image.url),
    ...(size ? [meta("property", "og:image:width", String(size[0])), meta("property", "og:image:height", String(size[1]))] : []),
    meta("property", "og:image:alt", image.alt),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", description),
    meta("name", "twitter:image", image.url),
    meta("name", "twitter:image:alt", image.alt),
    `<script type="application/ld+json">${scriptJson(structuredData(input))}</script>`,
  ].join("");
}
