// Backups in the admin area (issue 7): list, take one now, download, restore.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, call, getAdminToken } from "@web/lib/api.ts";

const getBackups = () => call((api) => api.admin.backups.get());
export type BackupInfo = Awaited<ReturnType<typeof getBackups>>[number];
type BackupKind = BackupInfo["kind"];

export const backupsQueryOptions = () => queryOptions({ queryKey: ["/api/admin/backups"], queryFn: getBackups });

/** Takes a backup now; pending until the list shows it. */
export function useTakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call((api) => api.admin.backups.post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupsQueryOptions().queryKey }),
  });
}

/** Restores a backup by name; the caller reloads the page on success. */
export const useRestoreBackup = () =>
  useMutation({ mutationFn: (name: string) => call((api) => api.admin.backups({ name: encodeURIComponent(name) }).restore.post()) });

/**
 * Downloads a backup as its .tar file. A plain link cannot carry the bearer token, so this is the one binary call:
 * it fetches with the token (as the Eden client does), then offers the bytes under the server's file name.
 */
export async function downloadBackup(name: string): Promise<void> {
  const token = getAdminToken();
  const response = await fetch(`/api/admin/backups/${encodeURIComponent(name)}/download`, {
    credentials: "include",
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `vedanta-backup-${name}.tar`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "12 KB", "3.4 MB". */
export const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const KIND_LABELS: Record<BackupKind, string> = {
  daily: "Daily",
  manual: "Manual",
  "before-import": "Before import",
  "before-restore": "Before restore",
};
