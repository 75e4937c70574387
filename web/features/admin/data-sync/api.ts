// Data sync with the app_data folder (spec §7).
import type { SyncStatus } from "../../../../src/shared/types.ts";
import { apiRequest, getJson } from "../../../lib/api.ts";
import { queryOptions } from "../../../lib/query.ts";

export const syncStatusQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/sync-status"], queryFn: () => getJson<SyncStatus>("/api/admin/sync-status") });

export type SyncAnswer = { success?: boolean; message?: string; error?: string };

export const syncToAppData = () => apiRequest<SyncAnswer>("POST", "/api/admin/sync-to-app-data", { body: {} });
export const restoreFromAppData = () => apiRequest<SyncAnswer>("POST", "/api/admin/restore-from-app-data", { body: {} });
