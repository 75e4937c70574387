// The account area (issue 22): signed-in devices and the activity log.

import type { ActivityRow } from "@db/schema.ts";
import type { SignedInDevice } from "@server/modules/auth/service.ts";
import type { ActivityKind } from "@server/shared/constants.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import { SIGNED_OUT_EVENT } from "../shared/session.ts";

export const devicesQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/sessions"], queryFn: () => apiRequest<SignedInDevice[]>("GET", "/api/admin/sessions") });

export const activityQueryOptions = (kind: ActivityKind | "") =>
  queryOptions({
    queryKey: ["/api/admin/activity", kind],
    queryFn: () => apiRequest<ActivityRow[]>("GET", `/api/admin/activity${kind ? `?kind=${kind}` : ""}`),
  });

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/admin/sessions/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      notifySuccess("Signed out", "That device is signed out.");
      await queryClient.invalidateQueries({ queryKey: devicesQueryOptions().queryKey });
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
    },
  });
}
