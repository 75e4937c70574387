// Admin archive entries (spec §7): the admin list and writes that refresh it and the public /api/archive-events.

import type { ArchiveEventInput } from "@server/shared/schemas.ts";
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { ARCHIVE_QUERY_KEY } from "@web/lib/queries/archive.ts";

/** The prefix of every admin archive query's key: a write invalidates each page. */
const ADMIN_ARCHIVE_KEY = ["/api/admin/archive-events"] as const;

/** What the archive entries' filters ask for, as the public archive's (without its sort). */
export type AdminArchiveQuery = { year: string; type: string; search: string; page: number };

/** One page of the entries with every year and type of them; the previous page stays shown while it loads. */
export const adminArchivePageQueryOptions = (query: AdminArchiveQuery) =>
  queryOptions({
    queryKey: [...ADMIN_ARCHIVE_KEY, "page", query],
    queryFn: () => call((api) => api.admin["archive-events"].page.get({ query })),
    placeholderData: keepPreviousData,
  });

async function refreshArchive(queryClient: QueryClient) {
  await Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_ARCHIVE_KEY }), queryClient.invalidateQueries({ queryKey: ARCHIVE_QUERY_KEY })]);
}

export function useCreateArchiveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ArchiveEventInput) => call((api) => api.admin["archive-events"].post(input)),
    onSuccess: async () => {
      await refreshArchive(queryClient);
    },
  });
}

export function useUpdateArchiveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Partial<ArchiveEventInput> }) =>
      call((api) => api.admin["archive-events"]({ id }).patch(changes)),
    onSuccess: async () => {
      await refreshArchive(queryClient);
    },
  });
}

export function useDeleteArchiveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin["archive-events"]({ id }).delete()),
    onSuccess: async () => {
      await refreshArchive(queryClient);
    },
  });
}
