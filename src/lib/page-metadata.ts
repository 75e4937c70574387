// The public page's <head> for search engines and link previews (issue 5, metadata): title, description,
// canonical URL, Open Graph and Twitter cards, and JSON-LD for the teacher, the association and each upcoming event.
import { imageSources, PORTRAIT_SIZES } from "../shared/images.ts";
import { htmlToText } from "../shared/rich-text.ts";
import type { Event, PublicProfile } from "../shared/types.ts";

const ORGANIZATION_NAME = "Vedanta and Yoga Association of Melbourne";
const DEFAULT_DESCRIPTION = "Yoga and Vedanta classes, retreats and talks in Melbourne.";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
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
  if (!format) offsetFormats.set(timezone, (format = new Intl.DateTimeFormat("en-US", { timeZone: timezone, timeZoneName: "longOffset" })));
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

export type PageMetadataInput = { siteUrl: string; siteName: string; timezone: string; profile: PublicProfile; events: Event[] };

/** The JSON-LD graph: Person, Organization, and one Event per upcoming event. */
function structuredData({ siteUrl, timezone, profile, events }: PageMetadataInput) {
  const home = `${siteUrl}/`;
  const person = `${home}#teacher`;
  const organization = `${home}#organization`;
  const image = absolute(siteUrl, profile.profileImage);
  const address = profile.address
    ? { "@type": "PostalAddress", streetAddress: profile.address, addressLocality: "Melbourne", addressRegion: "VIC", addressCountry: "AU" }
    : undefined;
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Person",
        "@id": person,
        name: profile.name,
        jobTitle: profile.title,
        description: clip(htmlToText(profile.biography), 300),
        image,
        url: home,
        ...(profile.email && { email: profile.email }),
        ...(profile.phone && { telephone: profile.phone }),
        worksFor: { "@id": organization },
      },
      {
        "@type": "Organization",
        "@id": organization,
        name: ORGANIZATION_NAME,
        url: home,
        logo: `${siteUrl}/icon-512.png`,
        ...(profile.email && { email: profile.email }),
        ...(profile.phone && { telephone: profile.phone }),
        ...(address && { address }),
        founder: { "@id": person },
      },
      ...events.map((event) => ({
        "@type": "Event",
        name: event.name,
        ...eventDateTimes(event, timezone),
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        location: { "@type": "Place", name: event.location, address: event.location },
        description: clip(htmlToText(event.description), 500),
        image: event.images.length ? event.images.map((url) => absolute(siteUrl, url)) : [image],
        url: event.registrationLink ?? `${home}#events`,
        organizer: { "@id": organization },
        performer: { "@id": person },
      })),
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
  const responsive = srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes!)}"` : "";
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${responsive} fetchpriority="high">`;
}

/** Everything the public page adds to <head> (the built index.html's own title and description are replaced). */
export function pageHead(input: PageMetadataInput): string {
  const { siteUrl, siteName, profile } = input;
  const home = `${siteUrl}/`;
  const title = `${profile.name} · ${siteName}`;
  const bio = htmlToText(profile.biography);
  const description = clip(bio ? `${profile.title}. ${bio}` : DEFAULT_DESCRIPTION, 160);
  const image = absolute(siteUrl, profile.profileImage);
  const meta = (attribute: "name" | "property", key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta("name", "description", description),
    `<link rel="canonical" href="${escapeHtml(home)}">`,
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", siteName),
    meta("property", "og:locale", "en_AU"),
    meta("property", "og:url", home),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:image", image),
    meta("property", "og:image:alt", profile.name),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", description),
    meta("name", "twitter:image", image),
    meta("name", "twitter:image:alt", profile.name),
    `<script type="application/ld+json">${scriptJson(structuredData(input))}</script>`,
  ].join("");
}
