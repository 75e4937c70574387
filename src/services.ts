// The composition root's services: each built once here, from the database, the settings, the clock and the one
// signer, and handed to the modules on the context (src/context.ts). A module never builds another module's service.
import type { Db } from "@db/client.ts";
import type Stripe from "stripe";
import type { Config } from "./config.ts";
import { createSigner } from "./lib/signer.ts";
import { createActivity } from "./modules/activity/index.ts";
import { createArchiveService } from "./modules/archive/index.ts";
import { createAuthService } from "./modules/auth/index.ts";
import { createBookings, registrationLinks } from "./modules/bookings/index.ts";
import { createClassesService, describeClassDates } from "./modules/classes/index.ts";
import { createEventsService, describeEvents } from "./modules/events/index.ts";
import { createOutbox } from "./modules/mail/index.ts";
import { createPasses } from "./modules/passes/index.ts";
import { createOwedRefunds, createPaymentsService, paymentLinks } from "./modules/payments/index.ts";
import { createPractice } from "./modules/practice/index.ts";

/** `stripe`: the SDK's client when payments are on (connectStripe, loaded only then). */
export function createServices(options: { db: Db; config: Config; jwtSecret: string; now: () => Date; stripe?: Stripe }) {
  const { db, config, jwtSecret, now, stripe } = options;
  const signer = createSigner(jwtSecret);
  const outbox = createOutbox(db, config, signer);
  const activity = createActivity(db, now);
  const refunds = createOwedRefunds({ db, outbox, stripe, now });
  // With payments on, a place from the waiting list is mailed the signed link that pays for it (issue 32), and a
  // cancelled place's refund is owed in the cancel's transaction (issue 37).
  const paidPlaces = stripe
    ? { holdMinutes: config.payments.holdMinutes, payUrl: paymentLinks(signer, config.siteUrl).payUrl, refundPlace: refunds.owePlace }
    : undefined;
  // What is booked is described by its own module; the bookings core runs the places of each (issue 39).
  const event = describeEvents(db, config);
  const classDate = describeClassDates(db, config);
  const passes = createPasses({ db, config, outbox, now });
  const bookings = createBookings({
    db,
    outbox,
    links: registrationLinks(signer, config.siteUrl),
    config,
    now,
    paidPlaces,
    credits: passes.credits,
    describe: (target) => (target.kind === "event" ? event(target.id) : classDate(target.id, target.date)),
  });
  const events = createEventsService(db, { now, timezone: config.timezone });
  const taken = (id: number, date: string) => bookings.takenCount({ kind: "class", id, date });
  const classes = createClassesService(db, { now, zone: config.timezone, taken });
  const payments = createPaymentsService({ db, config, outbox, bookings, passes, refunds, stripe, signer, now });
  return {
    signer,
    outbox,
    activity,
    auth: createAuthService({ db, config, jwtSecret, signer, outbox, now, activity }),
    bookings,
    passes,
    payments,
    practice: createPractice({ db, config, outbox, now, bookings, classes, passes, receiptsOf: payments.receiptsOf }),
    events,
    classes,
    archive: createArchiveService(db, events),
  };
}

export type Services = ReturnType<typeof createServices>;
