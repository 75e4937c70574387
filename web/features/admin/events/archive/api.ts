// Admin archive entries (spec §7): the admin list and writes that refresh it and the public /api/archive-events.

import type { ArchiveEventInput } from "@server/shared/schemas.ts";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { ARCHIVE_QUERY_KEY } from "@web/lib/queries/archive.ts";

export const adminArchiveQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/archive-events"], queryFn: () => call((api) => api.admin["archive-events"].get()) });

async function refreshArchive(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminArchiveQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ARCHIVE_QUERY_KEY }),
  ]);
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
