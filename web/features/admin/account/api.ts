// The account area (issue 22): signed-in devices and the activity log.

import type { ActivityRow } from "@db/schema.ts";
import type { PasskeyInfo } from "@server/modules/auth/passkeys.ts";
import type { SignedInDevice } from "@server/modules/auth/service.ts";
import type { ActivityKind } from "@server/shared/activity-kinds.ts";
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from "@simplewebauthn/browser";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import { SIGNED_OUT_EVENT } from "../shared/session.ts";

export const devicesQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/sessions"], queryFn: () => apiRequest<SignedInDevice[]>("GET", "/api/admin/sessions") });

/** Every page of the activity log: what the account's own changes make out of date. */
const ACTIVITY_KEY = ["/api/admin/activity"];

export const activityQueryOptions = (kind: ActivityKind | "") =>
  queryOptions({
    queryKey: [...ACTIVITY_KEY, kind],
    queryFn: () => apiRequest<ActivityRow[]>("GET", `/api/admin/activity${kind ? `?kind=${kind}` : ""}`),
  });

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/admin/sessions/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      notifySuccess("Signed out", "That device is signed out.");
      await queryClient.invalidateQueries({ queryKey: devicesQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
    },
    onError: (error) => notifyError(error, "Failed to sign out the device"),
  });
}

/** Every device, this one too: the page then returns to the login card. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/sign-out-everywhere", { body: {}, withToken: true }),
    onSuccess: () => window.dispatchEvent(new Event(SIGNED_OUT_EVENT)),
    onError: (error) => notifyError(error, "Failed to sign out everywhere"),
  });
}

export type AccountInfo = { username: string; email: string | null; sendsTo: string | null; mail: boolean };

export const accountQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/account"], queryFn: () => apiRequest<AccountInfo>("GET", "/api/admin/account") });

export function useSetAccountEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiRequest<AccountInfo>("PATCH", "/api/admin/account", { body: { email } }),
    onSuccess: (account) => {
      notifySuccess("Account e-mail saved");
      queryClient.setQueryData(accountQueryOptions().queryKey, account);
      void queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
    },
  });
}

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/passkeys"], queryFn: () => apiRequest<PasskeyInfo[]>("GET", "/api/admin/passkeys") });

/** 'Add a passkey': the server's options, the browser's ceremony, the server's check. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>("POST", "/api/admin/passkeys/options", { body: {} });
      const response = await startRegistration({ optionsJSON });
      return apiRequest<PasskeyInfo>("POST", "/api/admin/passkeys", { body: { name, response } });
    },
    onSuccess: async () => {
      notifySuccess("Passkey added", "You can sign in with it from now on.");
      await queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
    },
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/admin/passkeys/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      notifySuccess("Passkey removed");
      await queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
    },
    onError: (error) => notifyError(error, "Failed to remove the passkey"),
  });
}
