// The admin session: a token kept in localStorage under adminToken (spec §4), counted as logged in without a check.

import type { QueryClient } from "@tanstack/react-query";
import { getAdminToken } from "@web/lib/api.ts";
import { ADMIN_TOKEN_KEY } from "@web/lib/constants.ts";

export { getAdminToken };

export const UNAUTHORIZED_EVENT = "admin:unauthorized";
/** Fired when this device signed itself out with every other ('Sign out everywhere'): back to the login card. */
export const SIGNED_OUT_EVENT = "admin:signed-out";
export const SIGNED_OUT_EVERYWHERE_MESSAGE = "You are signed out on every device.";

export function storeAdminToken(token: string) {
  localStorage.setItem(ADMIN_TOKEN_KEY, token);
}

export function clearAdminToken() {
  localStorage.removeItem(ADMIN_TOKEN_KEY);
}

/** Drops every cached admin answer (after logout or an expired session), so the next login starts clean. */
export function forgetAdminData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => String(query.queryKey[0]).startsWith("/api/admin") });
}
