// The kinds of the activity log (issue 22), shared by the server and the admin area (not by the public page).
/**
 * The kinds of the account's activity log, each with the word the filter shows: first what the admin changed, by the
 * part of the site it changed (issue 30: src/modules/activity/record-writes.ts), then the account's own events.
 */
export const ACTIVITY_KINDS = {
  events: "Events",
  registrations: "Registrations",
  money: "Money",
  classes: "Classes",
  passes: "Passes",
  archive: "Archive",
  messages: "Messages",
  subscribers: "Subscribers",
  newsletters: "Newsletters",
  notifications: "Notifications",
  profile: "Profile",
  uploads: "Uploads",
  data: "Data and backups",
  settings: "Settings",
  account: "Account",
  "sign-in": "Sign-ins",
  "sign-in-failed": "Failed sign-ins",
  lockout: "Lockouts",
  "sign-out": "Sign-outs",
  code: "Codes",
  passkey: "Passkeys",
  password: "Password",
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;
