// Data sync with the app_data folder (spec §7, §8).

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { mailStatusQueryOptions } from "../shared/mail-status.ts";

export const syncStatusQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/sync-status"], queryFn: () => call((api) => api.admin["sync-status"].get()) });

/** The Git part of the Sync Status card: remote (masked by the server), last push, newest commits. */
export const gitStatusQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/git-status"], queryFn: () => call((api) => api.admin["git-status"].get()) });

/** The server's answer, or its `success: false` as an error. */
async function succeeded<A extends { success: boolean; message?: string; error?: string }>(answer: Promise<A>): Promise<A> {
  const { success, error, message } = await answer;
  if (success === false) throw new Error(error || message || "Unknown error occurred");
  return answer;
}

export function useSyncToAppData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => succeeded(call((api) => api.admin["sync-to-app-data"].post({}))),
    // A failed push still wrote and committed: the card shows the new commit, not pushed, and the push's result.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: syncStatusQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: gitStatusQueryOptions().queryKey });
    },
  });
}

/** Restores the database from app_data (the newest version, or the commit given); the caller reloads the page on success. */
export const useRestoreFromAppData = () =>
  useMutation({
    mutationFn: (commit?: string) => succeeded(call((api) => api.admin["restore-from-app-data"].post(commit ? { commit } : {}))),
  });

/** Queues a test mail to the notice address; the Mail card's rows show how it went. */
export function useSendTestMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call((api) => api.admin.mail.test.post({})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailStatusQueryOptions().queryKey }),
  });
}
