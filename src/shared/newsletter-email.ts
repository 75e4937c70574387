// The newsletter form's own check, apart from schemas.ts so the public page can use it without loading superstruct and
// every schema (issue 5's size budget); schemas.ts re-exports it.

/** The form rejects an empty address or one without '@' (the server's newsletterSchema wants a valid address). */
export const isPlausibleNewsletterEmail = (value: string) => value.trim() !== "" && value.includes("@");
