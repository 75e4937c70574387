// The admin session in the browser, in one place: a token kept in localStorage under adminToken (spec §4), counted as
// logged in without a check, and the events that end it (a 401 of an admin call, 'Sign out everywhere').

import type { QueryClient } from "@tanstack/react-query";

const TOKEN_KEY = "adminToken";

/** Fired when an admin call answered 401 (an expired or revoked token): back to the login card. */
export const UNAUTHORIZED_EVENT = "admin:unauthorized";
/** Fired when this device signed itself out with every other ('Sign out everywhere'): back to the login card. */
export const SIGNED_OUT_EVENT = "admin:signed-out";
export const SIGNED_OUT_EVERYWHERE_MESSAGE = "You are signed out on every device.";

export function getAdminToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeAdminToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearAdminToken() {
  localStorage.removeItem(TOKEN_KEY);
}

/** Tells the admin area its session is over. */
export function endSession() {
  window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
}

/** Drops every cached admin answer (after logout or an expired session), so the next login starts clean. */
export function forgetAdminData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => String(query.queryKey[0]).startsWith("/api/admin") });
}
