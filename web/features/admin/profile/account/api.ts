// The account area (issue 22): signed-in devices and the activity log.

import type { ActivityKind } from "@server/shared/activity-kinds.ts";
import { startRegistration } from "@simplewebauthn/browser";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { SIGNED_OUT_EVENT } from "@web/lib/session.ts";
import { accountQueryOptions } from "../../shared/account.ts";
import { withProof } from "../../shared/confirm-its-you.tsx";

export const devicesQueryOptions = () => queryOptions({ queryKey: ["/api/admin/sessions"], queryFn: () => call((api) => api.admin.sessions.get()) });

/** Every page of the activity log: what the account's own changes make out of date. */
const ACTIVITY_KEY = ["/api/admin/activity"];

export const activityQueryOptions = (kind: ActivityKind | "") =>
  queryOptions({
    queryKey: [...ACTIVITY_KEY, kind],
    queryFn: () => call((api) => api.admin.activity.get({ query: kind ? { kind } : {} })),
  });

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call((api) => api.admin.sessions({ id }).delete()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: devicesQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
    },
  });
}

/** Every device, this one too (and every passkey, when asked): the page then returns to the login card. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: (removePasskeys: boolean) => withProof(() => call((api) => api.auth["sign-out-everywhere"].post({ removePasskeys }))),
    onSuccess: () => window.dispatchEvent(new Event(SIGNED_OUT_EVENT)),
  });
}

export function useSetAccountEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => withProof(() => call((api) => api.admin.account.patch({ email }))),
    onSuccess: (account) => {
      queryClient.setQueryData(accountQueryOptions().queryKey, account);
      void queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
    },
  });
}

export const passkeysQueryOptions = () => queryOptions({ queryKey: ["/api/admin/passkeys"], queryFn: () => call((api) => api.admin.passkeys.get()) });

/** 'Add a passkey': the server's options, the browser's ceremony, the server's check. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      withProof(async () => {
        const optionsJSON = await call((api) => api.admin.passkeys.options.post({}));
        const response = await startRegistration({ optionsJSON });
        return call((api) => api.admin.passkeys.post({ name, response: { ...response } }));
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
    },
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => withProof(() => call((api) => api.admin.passkeys({ id }).delete())),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
    },
  });
}
