// Dates, file names and payload helpers of the admin area.

const pad = (value: number) => String(value).padStart(2, "0");

/** Today's local date as YYYY-MM-DD. */
export function localIsoDate(date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A timestamp with its local time. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString("en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

/** Offers a file for download (the link's URL is kept a while: a large file's download starts after the click). */
export function downloadFile(filename: string, content: BlobPart, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * One CSV field, quoted when it holds a separator (a comma, or the semicolon some locales' spreadsheets split on), a
 * quote or a line break, and defused against spreadsheet formulas: one that starts with =, +, -, @, a tab or a return,
 * after any leading whitespace too (" =1+1"), is read as text (OWASP's CSV injection advice).
 */
function csvField(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[\s]*[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (rows: unknown[][]) => `${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;

/** The fields of `next` whose value differs from `previous` (a PATCH sends only what changed, spec §7). */
export function changedFields<T extends Record<string, unknown>>(next: T, previous: Record<string, unknown>): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    const before = previous[key as string] ?? null;
    const after = next[key] ?? null;
    if (JSON.stringify(before) !== JSON.stringify(after)) changed[key] = next[key];
  }
  return changed;
}
