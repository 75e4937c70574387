// Every drizzle-kit migration, in order, embedded as text so the compiled binary carries them.
import init from "./0000_init.sql" with { type: "text" };

export const migrations: { name: string; sql: string }[] = [{ name: "0000_init", sql: init }];
