// A moment as a reader says it: a module of its own, so that the page's first script, which never says one, does not
// carry it (the payment notice, a chunk loaded on demand, and the server's mails do).
/** A moment (ISO time) as a reader in `timezone` says it: "3:45 pm, Tuesday 9 March". */
export function formatMoment(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat("en-AU", { timeZone: timezone, hour: "numeric", minute: "2-digit", weekday: "long", day: "numeric", month: "long" })
    .format(new Date(iso))
    .replace(/^(\w+ \d+ \w+)(?: at|,) (.*)$/, "$2, $1");
}
