// The schemas the web's forms share with the server's routes (spec §5); a body only the server reads is its module's
// model.ts.
import { array, boolean, coerce, define, enums, type Infer, nullable, number, object, optional, refine, string } from "superstruct";
import { CLASS_ICONS, CLASS_MODES, NOTIFICATION_TYPES, PASSWORD_MIN_LENGTH } from "./constants.ts";
import {
  cents,
  date,
  dollarsToCents,
  email,
  isMediaUrl,
  optionalDate,
  optionalDollars,
  optionalEmail,
  optionalMediaUrl,
  optionalPlaces,
  optionalText,
  optionalUrl,
  personName,
  refused,
  richText,
  text,
} from "./validation.ts";

/** The contact form's fields; the server's schema (src/modules/messages) says the e-mail's error its own way. */
export const contactFields = (emailMessage: string) => ({
  name: text(1, "Name is required", 200),
  email: email(emailMessage),
  subject: text(1, "Subject is required", 300),
  message: text(10, "Message must be at least 10 characters", 10_000),
});
/** The public contact form. */
export const contactFormSchema = object(contactFields("Please enter a valid email"));
export type ContactInput = Infer<typeof contactFormSchema>;

/** The footer's form: an address that is not empty and has an '@' (spec §5); the server then wants a valid one. */
export const newsletterFormSchema = object({
  email: define<string>(
    "email",
    (value) => (typeof value === "string" && value.trim() !== "" && value.includes("@")) || "Please enter a valid email address",
  ),
});
export type NewsletterInput = Infer<typeof newsletterFormSchema>;

/** The admin's newsletter (issue 15): a subject and a rich-text body. */
export const newsletterMailSchema = object({
  subject: text(1, "Subject is required", 300),
  body: richText(1, "Write the newsletter first"),
});
export type NewsletterMailInput = Infer<typeof newsletterMailSchema>;

export const registrationSchema = object({
  name: personName(80),
  email: email("Valid email is required"),
  phone: text(6, "Phone number is required", 40),
  additionalInfo: optionalText(2_000),
  /** Issue 32: a priced event's ticket, a by-donation event's amount; what is charged is the server's to decide. */
  ticket: optional(enums(["full", "concession"])),
  amount: optional(cents(0, 100_000, "The amount must be from 0 to 100000 cents")),
  price: refused("The price is set by the event"),
  concessionPrice: refused("The price is set by the event"),
  currency: refused("The currency is set by the site"),
  amountDue: refused("The price is set by the event"),
});
export type RegistrationInput = Infer<typeof registrationSchema>;
/** Issue 39: a class date's booking, in two fields (and a ticket or an amount for a drop-in): the phone is not asked. */
export const classBookingSchema = object({ ...registrationSchema.schema, phone: optional(text(6, "Phone number is required", 40)) });
export type ClassBookingInput = Infer<typeof classBookingSchema>;
/**
 * The public form: a by-donation amount typed in dollars ("15" or "15.50"), sent in cents (issue 32); left blank it is
 * no amount, not a free place: giving nothing is typed as 0, or chosen with 'I can't give now' (issue 38).
 */
export const registrationFormSchema = object({
  ...registrationSchema.schema,
  amount: optional(
    coerce(cents(0, 100_000, "Please enter an amount from 0 to 1,000.00"), string(), (value) => (value.trim() ? dollarsToCents(value) : Number.NaN)),
  ),
});

/** Issue 39: a class date's booking form: the registration form's name, e-mail, ticket and amount; no phone. */
export const classBookingFormSchema = object({ ...registrationFormSchema.schema, phone: classBookingSchema.schema.phone });

/** The admin's 'Mail registrants': a message to every confirmed registrant of one event. */
export const registrantsMailSchema = object({
  subject: text(1, "Subject is required", 300),
  body: richText(1, "Write the message first"),
});
export type RegistrantsMailInput = Infer<typeof registrantsMailSchema>;

const imageList = define<string[]>(
  "imageList",
  (value) =>
    (Array.isArray(value) && value.length <= 200 && value.every((item) => typeof item === "string" && isMediaUrl(item))) ||
    "Each image must be a valid URL",
);

/** An image shown as an <img src> on the public page and in the admin: an upload of this site or an http(s) URL. */
const imageUrl = (required: string, invalid: string, { allowEmpty = false } = {}) =>
  text(allowEmpty ? 0 : 1, required, 2_000, (value) => (allowEmpty && value === "") || isMediaUrl(value) || invalid);

export const eventSchema = object({
  name: text(3, "Name must be at least 3 characters", 200),
  type: text(2, "Type must be at least 2 characters", 60),
  startDate: date("Start date is required"),
  endDate: optionalDate("End date must be a valid date"),
  time: text(1, "Time is required", 100),
  location: text(2, "Location must be at least 2 characters", 300),
  description: richText(10, "Description must be at least 10 characters"),
  isHighlighted: optional(boolean()),
  registrationLink: optionalUrl("Please enter a valid URL"),
  images: optional(imageList),
  year: optionalText(4, (value) => /^\d{4}$/.test(value) || "Year must have four digits"),
  attachmentName: optionalText(200),
  attachmentFile: optionalMediaUrl("Attachment must be a valid URL"),
  archiveDescription: optionalText(100_000),
  /** Issue 23: the form's 'Places' (empty = unlimited) and the first day on which registration is closed. */
  capacity: optionalPlaces("Places must be a whole number of at least 1"),
  registrationCloses: optionalDate("Registration closes must be a valid date"),
  /** Issue 32: integer cents; the concession below the price; by donation, the price is the suggested amount. */
  price: optional(nullable(cents(100, 10_000_000, "Price must be at least 1.00"))),
  concessionPrice: optional(nullable(cents(0, 10_000_000, "Concession price must be a whole number of cents"))),
  byDonation: optional(boolean()),
});
/** The admin's form: 'Price (A$)' and 'Concession price (A$)' typed in dollars, sent in cents (issue 32). */
export const eventFormSchema = object({
  ...eventSchema.schema,
  price: optionalDollars(100, "Price must be at least 1.00"),
  concessionPrice: optionalDollars(0, "Concession price must be an amount such as 15 or 15.50"),
});
export type EventInput = Infer<typeof eventSchema>;

const wholeNumber = (min: number, max: number, message: string) =>
  define<number>("wholeNumber", (value) => (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) || message);

/** Issue 39: a class's weekly dates (stored as db/schema.ts's ClassSchedule); each rule names its field. */
const classScheduleSchema = object({
  weekdays: define<number[]>(
    "weekdays",
    (value) =>
      (Array.isArray(value) &&
        value.length > 0 &&
        value.every((day) => Number.isInteger(day) && day >= 1 && day <= 7) &&
        new Set(value).size === value.length) ||
      "Choose the weekdays it runs on (1 = Monday to 7 = Sunday), each once",
  ),
  start: define<string>(
    "start",
    (value) => (typeof value === "string" && /^([01]\d|2[0-3]):[0-5]\d$/.test(value)) || "The start time must be HH:MM (24-hour clock)",
  ),
  minutes: wholeNumber(5, 600, "A class lasts 5 to 600 minutes"),
  from: date("The first date is required"),
  until: nullable(date("The last date must be a valid date")),
  skip: array(date("Each date skipped must be a valid date")),
});

export const classSchema = object({
  name: text(3, "Name must be at least 3 characters", 200),
  level: optional(string()),
  days: text(2, "Days must be at least 2 characters", 200),
  time: text(1, "Time is required", 100),
  location: text(2, "Location must be at least 2 characters", 300),
  description: richText(10, "Description must be at least 10 characters"),
  icon: optional(enums(CLASS_ICONS)),
  /** Issue 39: its dates (null: a card without dates), places per date (null: nobody books), a date's drop-in price. */
  schedule: optional(nullable(classScheduleSchema)),
  capacity: optional(nullable(wholeNumber(1, 1000, "Places must be a whole number from 1 to 1000"))),
  price: optional(nullable(cents(100, 10_000_000, "Price must be at least 1.00"))),
  concessionPrice: optional(nullable(cents(0, 10_000_000, "Concession price must be a whole number of cents"))),
  byDonation: optional(boolean()),
  mode: optional(enums(CLASS_MODES)),
  /** The meeting link of an online or hybrid class: https only; never in a public answer. */
  joinUrl: optionalText(2_000, (value) => (URL.canParse(value) && new URL(value).protocol === "https:") || "The join link must be an https:// URL"),
});
export type ClassInput = Infer<typeof classSchema>;

/** The class form's schedule as typed: a switch, weekday boxes, and texts ("75" minutes, skipped dates one per line). */
const scheduleFields = object({
  on: boolean(),
  weekdays: array(number()),
  start: string(),
  minutes: string(),
  from: string(),
  until: string(),
  skip: string(),
});
/** The admin's class form (issue 39): the schedule's fields, 'Places' and the drop-in prices typed as text. */
export const classFormSchema = object({
  ...classSchema.schema,
  schedule: optional(
    coerce(nullable(classScheduleSchema), scheduleFields, (typed) =>
      typed.on
        ? {
            weekdays: typed.weekdays,
            start: typed.start,
            minutes: /^\s*\d{1,4}\s*$/.test(typed.minutes) ? Number(typed.minutes) : Number.NaN,
            from: typed.from,
            until: typed.until.trim() || null,
            skip: typed.skip.split(/[\s,]+/).filter(Boolean),
          }
        : null,
    ),
  ),
  capacity: optional(
    coerce(nullable(classSchema.schema.capacity), string(), (value) =>
      value.trim() === "" ? null : /^\s*\d{1,5}\s*$/.test(value) ? Number(value) : Number.NaN,
    ),
  ),
  price: optionalDollars(100, "Price must be at least 1.00"),
  concessionPrice: optionalDollars(0, "Concession price must be an amount such as 15 or 15.50"),
});

export const archiveEventSchema = object({
  title: text(3, "Title must be at least 3 characters", 200),
  date: text(1, "Date is required", 100),
  type: text(2, "Type must be at least 2 characters", 60),
  year: text(4, "Year must have four digits", 4),
  description: richText(10, "Description must be at least 10 characters"),
  image: imageUrl("Image is required", "Image must be a valid URL"),
  attachmentName: optionalText(200),
  attachmentFile: optionalMediaUrl("Attachment must be a valid URL"),
  images: optional(imageList),
});
export type ArchiveEventInput = Infer<typeof archiveEventSchema>;

export const profileSchema = object({
  name: text(2, "Name must be at least 2 characters", 200),
  title: text(2, "Title must be at least 2 characters", 200),
  biography: richText(10, "Biography must be at least 10 characters"),
  quote: text(5, "Quote must be at least 5 characters", 1_000),
  profileImage: imageUrl("Profile image must be a string", "Profile image must be a valid URL", { allowEmpty: true }),
  email: optionalEmail("Must be a valid email address"),
  phone: optionalText(60),
  address: optionalText(300),
});
export type ProfileInput = Infer<typeof profileSchema>;

export const notificationSchema = object({
  message: richText(5, "Message must be at least 5 characters"),
  startDate: date("Start date is required"),
  endDate: optionalDate("End date must be a valid date"),
  type: optional(enums(NOTIFICATION_TYPES)),
  isActive: optional(boolean()),
  link: optionalUrl("Please enter a valid URL"),
});
export type NotificationInput = Infer<typeof notificationSchema>;

export const loginSchema = object({
  username: text(1, "Username is required", 100),
  password: define<string>("password", (value) => (typeof value === "string" && value.length > 0 && value.length <= 1_000) || "Password is required"),
});

export const resetPasswordSchema = object({
  username: text(1, "Username is required", 100),
  currentPassword: define<string>(
    "password",
    (value) => (typeof value === "string" && value.length > 0 && value.length <= 1_000) || "Current password is required",
  ),
  newPassword: define<string>("password", checkNewPassword),
});

/** The rule for every new password: the admin's form, the API, `reset-admin-password` and the first start (spec §5). */
export function checkNewPassword(value: unknown): true | string {
  if (typeof value !== "string" || value.length < PASSWORD_MIN_LENGTH) return "New password must be at least 6 characters long";
  if (value.trim() === "") return "New password cannot be blank";
  return value.length <= 1_000 || "New password must be at most 1000 characters long";
}

export const apiKeySchema = object({ apiKey: text(1, "API key is required", 200) });

/** The admin's reset-password form: the call's fields plus a confirmation that must match (spec §5). */
export type ResetPasswordInput = Infer<typeof resetPasswordSchema>;
export const resetPasswordFormSchema = refine(
  object({ ...resetPasswordSchema.schema, confirmPassword: string() }),
  "passwordsMatch",
  (value) => value.newPassword === value.confirmPassword || { message: "New passwords do not match", path: ["confirmPassword"] },
);
export type ResetPasswordFormInput = Infer<typeof resetPasswordFormSchema>;

/**
 * Issue 40: a pass the teacher sells: its credits (1–100), its prices in cents (a concession price, or null for none),
 * how many days it is valid (1–730), the classes it covers (null: every class), whether it is on sale.
 */
export const passSchema = object({
  name: text(2, "Name must be at least 2 characters", 120),
  credits: wholeNumber(1, 100, "Credits must be a whole number from 1 to 100"),
  price: cents(0, 10_000_000, "Price must be a whole number of cents"),
  concessionPrice: optional(nullable(cents(0, 10_000_000, "Concession price must be a whole number of cents"))),
  validDays: wholeNumber(1, 730, "Valid days must be a whole number from 1 to 730"),
  classIds: optional(
    nullable(
      define<number[]>(
        "classIds",
        (value) =>
          (Array.isArray(value) && value.length > 0 && value.every((id) => Number.isInteger(id) && id > 0)) ||
          "Choose the classes it covers, or every class",
      ),
    ),
  ),
  active: optional(boolean()),
});
export type PassInput = Infer<typeof passSchema>;
/** The admin's pass form: prices typed in dollars. */
export const passFormSchema = object({
  ...passSchema.schema,
  credits: coerce(passSchema.schema.credits, string(), (value) => (/^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN)),
  validDays: coerce(passSchema.schema.validDays, string(), (value) => (/^\s*\d{1,4}\s*$/.test(value) ? Number(value) : Number.NaN)),
  price: coerce(passSchema.schema.price, string(), dollarsToCents),
  concessionPrice: optionalDollars(0, "Concession price must be an amount such as 15 or 15.50"),
});

/** Buying a pass (issue 40): who it is for, and which price. */
export const passCheckoutSchema = object({
  name: personName(80),
  email: email("Valid email is required"),
  ticket: enums(["full", "concession"]),
});
export type PassCheckoutInput = Infer<typeof passCheckoutSchema>;

/** My practice's sign-in: the address the code is mailed to, then the code. */
export const practiceSignInSchema = object({ email: email("Valid email is required") });
export const practiceVerifySchema = object({
  email: email("Valid email is required"),
  code: text(6, "The code is 6 digits", 6, (value) => /^\d{6}$/.test(value) || "The code is 6 digits"),
});
