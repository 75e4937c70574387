// 'Import passes' (issue 40): her paper cards as a CSV (email,name,credits,expires), each line issued or refused with
// its reason, in one transaction: a file stopped half way issues nothing.
import type { Db } from "@db/client.ts";
import { todayIn } from "@server/lib/time.ts";
import { date, email, personName } from "@server/shared/validation.ts";
import { define, object, validate } from "superstruct";
import type { Passes } from "./service.ts";

const line = object({
  email: email("The e-mail is not valid"),
  name: personName(80),
  credits: define<number>(
    "credits",
    (value) => (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 100) || "Credits must be a whole number from 1 to 100",
  ),
  expires: date("The last day must be a date (YYYY-MM-DD)"),
});

/** The fields of one CSV record (RFC 4180: a quoted field may hold commas and doubled quotes). */
function fieldsOf(record: string): string[] {
  const fields: string[] = [];
  const pattern = /\s*(?:"((?:[^"]|"")*)"|([^,]*))\s*(?:,|$)/gy;
  for (let match = pattern.exec(record); match && match.index < record.length; match = pattern.exec(record))
    fields.push(match[1] !== undefined ? match[1].replaceAll('""', '"') : (match[2] ?? "").trim());
  return fields;
}

export type ImportedLine = { line: number; email: string; state: "issued" | "refused"; reason?: string };

export function importPasses(db: Db, passes: Passes, csv: string, timezone: string, now: Date) {
  const today = todayIn(timezone, now);
  /** One card: issued, or refused with its reason. */
  const importLine = (record: string): Omit<ImportedLine, "line"> => {
    const [address = "", name = "", credits = "", expires = ""] = fieldsOf(record);
    const typed = { email: address, name, credits: /^\d{1,3}$/.test(credits) ? Number(credits) : credits, expires };
    const [error, value] = validate(typed, line, { coerce: true });
    if (error) return { email: address, state: "refused", reason: error.failures()[0]?.message ?? error.message };
    if (value.expires < today) return { email: value.email, state: "refused", reason: "Its last day has passed" };
    passes.issue({
      passId: null,
      email: value.email,
      name: value.name,
      title: `${value.credits}-class card`,
      credits: value.credits,
      classIds: null,
      expiresAt: passes.endOfDay(value.expires).toISOString(),
      price: 0,
      source: "import",
    });
    return { email: value.email, state: "issued" };
  };
  return db.transaction(
    () => {
      const lines: ImportedLine[] = [];
      const records = csv.replace(/^\uFEFF/, "").split(/\r?\n/);
      for (const [index, record] of records.entries()) {
        const number = index + 1;
        if (record.trim() === "" || (number === 1 && /^\s*"?email"?\s*,/i.test(record))) continue;
        lines.push({ line: number, ...importLine(record) });
      }
      return { issued: lines.filter((entry) => entry.state === "issued").length, lines };
    },
    { behavior: "immediate" },
  );
}
