// Which backups a schedule of "N daily, N weekly, N monthly" keeps (issue 21): one rule for the local daily backups
// and the off-site copies.
import type { BackupKeep } from "@server/config.ts";

/**
 * The copies kept by the schedule, newest first: the newest of each of the last `daily` days, `weekly` ISO weeks
 * and `monthly` months that have one (UTC), and always the newest of all.
 */
export function retained<T extends { name: string; createdAt: string }>(copies: T[], keep: BackupKeep): Set<string> {
  const newestFirst = [...copies].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
  const kept = new Set<string>(newestFirst.slice(0, 1).map((copy) => copy.name));
  const periods: [number, (date: Date) => string][] = [
    [keep.daily, (date) => date.toISOString().slice(0, 10)],
    [keep.weekly, isoWeek],
    [keep.monthly, (date) => date.toISOString().slice(0, 7)],
  ];
  for (const [count, periodOf] of periods) {
    const seen = new Set<string>();
    for (const copy of newestFirst) {
      const period = periodOf(new Date(copy.createdAt));
      if (seen.has(period)) continue;
      if (seen.size >= count) break;
      seen.add(period);
      kept.add(copy.name);
    }
  }
  return kept;
}

function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() + 3 - ((day.getUTCDay() + 6) % 7));
  const firstThursday = new Date(Date.UTC(day.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round((day.getTime() - firstThursday.getTime()) / 86_400_000 / 7 - 0.5 + ((firstThursday.getUTCDay() + 6) % 7) / 7);
  return `${day.getUTCFullYear()}-W${week}`;
}
