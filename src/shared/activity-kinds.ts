// The kinds of the activity log (issue 22), shared by the server and the admin area (not by the public page).
/** The kinds of the account's activity log (issue 22), each with the word the filter shows. */
export const ACTIVITY_KINDS = {
  write: "Changes",
  "sign-in": "Sign-ins",
  "sign-in-failed": "Failed sign-ins",
  lockout: "Lockouts",
  "sign-out": "Sign-outs",
  code: "Codes",
  passkey: "Passkeys",
  password: "Password",
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;
