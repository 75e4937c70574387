// Data sync with the app_data folder (spec §7, §8).

import type { GitStatus, SyncStatus } from "@server/shared/types.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, call, getJson } from "@web/lib/api.ts";
import { errorText, notifyError, notifySuccess } from "../shared/notify.ts";

export const syncStatusQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/sync-status"], queryFn: () => getJson<SyncStatus>("/api/admin/sync-status") });

/** The Git part of the Sync Status card: remote (masked by the server), last push, newest commits. */
export const gitStatusQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/git-status"], queryFn: () => getJson<GitStatus>("/api/admin/git-status") });

type SyncAnswer = { success?: boolean; message?: string; error?: string };

/** The server's answer, or its `success: false` as an error. */
async function succeeded(path: string, body: object = {}): Promise<SyncAnswer> {
  const answer = await apiRequest<SyncAnswer>("POST", path, { body });
  if (answer.success === false) throw new Error(answer.error || answer.message || "Unknown error occurred");
  return answer;
}

export function useSyncToAppData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => succeeded("/api/admin/sync-to-app-data"),
    onSuccess: async (answer) => {
      notifySuccess(answer.message || "Data synced to app_data");
      await queryClient.invalidateQueries({ queryKey: syncStatusQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: gitStatusQueryOptions().queryKey });
    },
    // A failed push still wrote and committed: the card shows the new commit, not pushed, and the push's result.
    onError: async (error) => {
      notifyError(error, errorText(error) || "Unknown error occurred", "Sync Failed");
      await queryClient.invalidateQueries({ queryKey: syncStatusQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: gitStatusQueryOptions().queryKey });
    },
  });
}

/** Restores the database from app_data (the newest version, or the commit given); the caller reloads the page on success. */
export const useRestoreFromAppData = () =>
  useMutation({
    mutationFn: (commit?: string) => succeeded("/api/admin/restore-from-app-data", commit ? { commit } : {}),
    onSuccess: (answer) => notifySuccess(answer.message || "Data restored from app_data"),
    onError: (error) => notifyError(error, errorText(error) || "Unknown error occurred", "Restore Failed"),
  });

const getMailStatus = () => call((api) => api.admin.mail.get());
/** GET /api/admin/mail: what the Mail card shows. */
export type MailStatus = Awaited<ReturnType<typeof getMailStatus>>;

export const mailStatusQueryOptions = () => queryOptions({ queryKey: ["/api/admin/mail"], queryFn: getMailStatus, refetchInterval: 5000 });

/** Queues a test mail to the notice address; the Mail card's rows show how it went. */
export function useSendTestMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>("POST", "/api/admin/mail/test", { body: {} }),
    onSuccess: async (answer) => {
      notifySuccess("Test mail queued", answer.message);
      await queryClient.invalidateQueries({ queryKey: mailStatusQueryOptions().queryKey });
    },
    onError: (error) => notifyError(error, errorText(error) || "Unknown error occurred", "Test Mail Failed"),
  });
}
