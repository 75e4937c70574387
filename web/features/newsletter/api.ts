import type { NewsletterInput } from "@server/shared/schemas.ts";
import { apiRequest } from "@web/lib/api.ts";

/** Subscribes an address (the answer body is not read, spec §7). */
export const subscribeToNewsletter = (input: NewsletterInput & { website?: string }) =>
  apiRequest<unknown>("POST", "/api/newsletter", { body: input });
