import type { NewsletterInput } from "@server/shared/schemas.ts";
import { call } from "@web/lib/api.ts";

/** Subscribes an address (the answer body is not read, spec §7). */
export const subscribeToNewsletter = (input: NewsletterInput & { website?: string }) => call((api) => api.newsletter.post(input));
