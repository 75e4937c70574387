// Every drizzle-kit migration, in order, embedded as text so the compiled binary carries them.
import init from "./0000_init.sql" with { type: "text" };
import mailOutbox from "./0001_mail_outbox.sql" with { type: "text" };
import subscriberState from "./0002_subscriber_state.sql" with { type: "text" };
import newsletters from "./0003_newsletters.sql" with { type: "text" };
import registrations from "./0004_registrations.sql" with { type: "text" };
import signIn from "./0005_sign-in.sql" with { type: "text" };
import outboxRecipient from "./0006_cannon.sql" with { type: "text" };
import outboxSealedPriority from "./0007_outbox_sealed_priority.sql" with { type: "text" };
import activityCount from "./0008_activity-count.sql" with { type: "text" };
import sudo from "./0009_sudo.sql" with { type: "text" };
import payments from "./0010_payments.sql" with { type: "text" };
import money from "./0011_money.sql" with { type: "text" };
import cancelledEvents from "./0012_cancelled-events.sql" with { type: "text" };
import classDates from "./0013_class-dates.sql" with { type: "text" };
import cancelledClassDates from "./0014_cancelled-class-dates.sql" with { type: "text" };
import classBookings from "./0015_class-bookings.sql" with { type: "text" };
import classDoor from "./0016_class-door.sql" with { type: "text" };
import passes from "./0017_passes.sql" with { type: "text" };

export const migrations: { name: string; sql: string }[] = [
  { name: "0000_init", sql: init },
  { name: "0001_mail_outbox", sql: mailOutbox },
  { name: "0002_subscriber_state", sql: subscriberState },
  { name: "0003_newsletters", sql: newsletters },
  { name: "0004_registrations", sql: registrations },
  { name: "0005_sign-in", sql: signIn },
  { name: "0006_cannon", sql: outboxRecipient },
  { name: "0007_outbox_sealed_priority", sql: outboxSealedPriority },
  { name: "0008_activity-count", sql: activityCount },
  { name: "0009_sudo", sql: sudo },
  { name: "0010_payments", sql: payments },
  { name: "0011_money", sql: money },
  { name: "0012_cancelled-events", sql: cancelledEvents },
  { name: "0013_class-dates", sql: classDates },
  { name: "0014_cancelled-class-dates", sql: cancelledClassDates },
  { name: "0015_class-bookings", sql: classBookings },
  { name: "0016_class-door", sql: classDoor },
  { name: "0017_passes", sql: passes },
];
