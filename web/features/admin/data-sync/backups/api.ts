// Backups in the admin area (issues 7, 21): list, take one now, download, restore; the off-site copies' state.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, call } from "@web/lib/api.ts";
import { getAdminToken } from "@web/lib/session.ts";
import { downloadFile } from "../../shared/format.ts";

const getBackups = () => call((api) => api.admin.backups.get());
export type BackupInfo = Awaited<ReturnType<typeof getBackups>>[number];
type BackupKind = BackupInfo["kind"];

export const backupsQueryOptions = () => queryOptions({ queryKey: ["/api/admin/backups"], queryFn: getBackups });

const getOffsite = () => call((api) => api.admin.backups.offsite.get());
/** GET /api/admin/backups/offsite: what the Backups card shows of the off-site copies. */
export type OffsiteAnswer = Awaited<ReturnType<typeof getOffsite>>;

/** The off-site copies' state; asked again every 2 s while a copy is under way. */
export const offsiteQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/admin/backups/offsite"],
    queryFn: getOffsite,
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });

/** Takes a backup now (and starts an off-site copy); pending until the list shows it. */
export function useTakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call((api) => api.admin.backups.post()),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: backupsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: offsiteQueryOptions().queryKey }),
      ]),
  });
}

/** Restores a backup by name, local or off-site; the caller reloads the page on success. */
export const useRestoreBackup = () =>
  useMutation({
    mutationFn: ({ name, offsite }: { name: string; offsite: boolean }) =>
      offsite
        ? call((api) => api.admin.backups.offsite({ name }).restore.post())
        : call((api) => api.admin.backups({ name: encodeURIComponent(name) }).restore.post()),
  });

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
  if (!response.ok) throw await ApiError.of(response);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `vedanta-backup-${name}.tar`;
  downloadFile(fileName, await response.blob(), "application/x-tar");
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function formatAge(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return "just now";
  const [count, unit] =
    minutes < 60 ? [minutes, "minute"] : minutes < 48 * 60 ? [Math.floor(minutes / 60), "hour"] : [Math.floor(minutes / 1440), "day"];
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
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
