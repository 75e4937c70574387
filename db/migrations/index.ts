// Every drizzle-kit migration, in order, embedded as text so the compiled binary carries them.
import init from "./0000_init.sql" with { type: "text" };
import mailOutbox from "./0001_mail_outbox.sql" with { type: "text" };
import subscriberState from "./0002_subscriber_state.sql" with { type: "text" };
import newsletters from "./0003_newsletters.sql" with { type: "text" };
import sessionsActivity from "./0004_sessions-activity.sql" with { type: "text" };
import resetLinksCodes from "./0005_reset-links-codes.sql" with { type: "text" };
import passkeys from "./0006_passkeys.sql" with { type: "text" };

export const migrations: { name: string; sql: string }[] = [
  { name: "0000_init", sql: init },
  { name: "0001_mail_outbox", sql: mailOutbox },
  { name: "0002_subscriber_state", sql: subscriberState },
  { name: "0003_newsletters", sql: newsletters },
  { name: "0004_sessions-activity", sql: sessionsActivity },
  { name: "0005_reset-links-codes", sql: resetLinksCodes },
  { name: "0006_passkeys", sql: passkeys },
];
