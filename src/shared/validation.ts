// Field rules shared by the forms (react-hook-form) and the server routes, with the spec's messages (§5).
import { coerce, define, nullable, optional, type Struct, string } from "superstruct";
import { htmlToText } from "./rich-text.ts";

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Longest value any plain text field accepts; rich text fields accept RICH_TEXT_MAX. */
const TEXT_MAX = 2_000;
const RICH_TEXT_MAX = 100_000;

const trimmed = (struct: Struct<string, null>) => coerce(struct, string(), (value) => value.trim());

/** A required text of at least `min` characters once trimmed (and passing `check`, when given). */
export function text(min: number, message: string, max = TEXT_MAX, check?: (value: string) => true | string) {
  return trimmed(
    define<string>("text", (value) => {
      if (typeof value !== "string" || value.length < min) return message;
      if (value.length > max) return `Must be at most ${max} characters`;
      return check ? check(value) : true;
    }),
  );
}

/** Rich text (HTML) whose visible text has at least `min` characters. */
export function richText(min: number, message: string) {
  return trimmed(
    define<string>("richText", (value) => {
      if (typeof value !== "string" || htmlToText(value).length < min) return message;
      return value.length <= RICH_TEXT_MAX || `Must be at most ${RICH_TEXT_MAX} characters`;
    }),
  );
}

/** An optional text: blank becomes null. */
export function optionalText(max = TEXT_MAX, check?: (value: string) => true | string) {
  return optional(
    nullable(
      coerce(
        define<string | null>("optionalText", (value) => {
          if (value === null) return true;
          if (typeof value !== "string") return "Must be text";
          if (value.length > max) return `Must be at most ${max} characters`;
          return check ? check(value) : true;
        }),
        string(),
        (value) => value.trim() || null,
      ),
    ),
  );
}

/**
 * Letters and marks of any script, spaces, and ' - and . (’ too: phones type it for '); a dot is not followed by two
 * letters, so that "J.R.R. Tolkien" fits and a domain ("pills.example"), which mail programs make a link, does not.
 */
const PERSON_NAME = /^(?:[\p{L}\p{M}\p{Zs}'’-]|\.(?![\p{L}\p{M}]{2}))+$/u;

/** A person's name (issue 30): 1–`max` characters of PERSON_NAME, so that no link, address or number fits. */
export function personName(max: number) {
  return trimmed(
    define<string>("personName", (value) => {
      if (typeof value !== "string" || value === "") return "Name is required";
      if ([...value].length > max) return `Name must be at most ${max} characters`;
      return PERSON_NAME.test(value) || "Name can only contain letters, spaces and . ' -";
    }),
  );
}

export const isEmail = (value: string) => EMAIL.test(value) && value.length <= 254;

export function email(message: string) {
  return coerce(
    define<string>("email", (value) => (typeof value === "string" && isEmail(value)) || message),
    string(),
    (value) => value.trim().toLowerCase(),
  );
}

export const optionalEmail = (message: string) => optionalText(254, (value) => isEmail(value) || message);

/** A real calendar date written YYYY-MM-DD. */
function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

export function date(message: string) {
  return trimmed(define<string>("date", (value) => (typeof value === "string" && isDate(value)) || message));
}

/** A whole number of places, at least 1; blank (or null) is unlimited (issue 23: the event form's 'Places'). */
export function optionalPlaces(message: string) {
  return optional(
    nullable(
      coerce(
        define<number | null>(
          "places",
          (value) => value === null || (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 100_000) || message,
        ),
        string(),
        (value) => (value.trim() === "" ? null : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN),
      ),
    ),
  );
}

export const optionalDate = (message = "Please enter a valid date") => optionalText(10, (value) => isDate(value) || message);

/** An absolute http(s) URL. */
function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "http:" || protocol === "https:";
}

/** A link the site itself serves (uploads) or an absolute http(s) URL. */
export const isMediaUrl = (value: string) => /^\/uploads\/[\w.-]+$/.test(value) || isWebUrl(value);

export const optionalUrl = (message = "Please enter a valid URL") => optionalText(2_000, (value) => isWebUrl(value) || message);

export const optionalMediaUrl = (message = "Please enter a valid URL") => optionalText(2_000, (value) => isMediaUrl(value) || message);

/** An amount of money in integer cents from `min` to `max` (a form's digits are read as a number; issue 32). */
export function cents(min: number, max: number, message: string) {
  return coerce(
    define<number>("cents", (value) => (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) || message),
    string(),
    (value) => (/^\s*\d{1,9}\s*$/.test(value) ? Number(value) : Number.NaN),
  );
}

/** A field the server decides alone (a price): any value sent is refused. */
export const refused = (message: string) => optional(define<never>("refused", () => message));

/** Dollars as typed into a form ("25", "25.5", "25.50") in integer cents; NaN when not an amount. */
export const dollarsToCents = (value: string) =>
  /^\s*\d{0,7}(\.\d{1,2})?\s*$/.test(value) ? Math.round(Number(value.trim() || 0) * 100) : Number.NaN;

/** An admin form's price in dollars, sent in cents; empty is null (free). */
export function optionalDollars(min: number, message: string) {
  return optional(
    nullable(coerce(nullable(cents(min, 10_000_000, message)), string(), (value) => (value.trim() === "" ? null : dollarsToCents(value)))),
  );
}
