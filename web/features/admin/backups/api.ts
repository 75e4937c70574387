// Backups in the admin area (issues 7, 21): list, take one now, download, restore; the off-site copies' state.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest, call, getAdminToken, getJson } from "@web/lib/api.ts";

export type BackupKind = "daily" | "manual" | "before-import" | "before-restore";
export type BackupInfo = { name: string; kind: BackupKind; createdAt: string; size: number };
export type BackupAnswer = { success: boolean; message: string };

export const backupsQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/backups"], queryFn: () => getJson<BackupInfo[]>("/api/admin/backups") });

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
    mutationFn: () => apiRequest<BackupAnswer & { backup: BackupInfo }>("POST", "/api/admin/backups"),
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
    mutationFn: ({ name, offsite }: { name: string; offsite: boolean }): Promise<BackupAnswer> =>
      offsite
        ? call((api) => api.admin.backups.offsite({ name }).restore.post())
        : apiRequest<BackupAnswer>("POST", `/api/admin/backups/${encodeURIComponent(name)}/restore`),
  });

/**
 * Downloads a backup as its .tar file. A plain link cannot carry the bearer token, so this is the one binary call:
 * it fetches with the token (as apiRequest does), then offers the bytes under the server's file name.
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
