// Profile, image upload, YouTube key, password reset, export and import (spec §7).

import type { ProfileInput, ResetPasswordInput } from "@server/shared/schemas.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { profileQueryOptions } from "@web/lib/queries/profile.ts";
import { videoStatusQueryOptions, videosQueryOptions } from "@web/lib/queries/videos.ts";
import { storeAdminToken } from "@web/lib/session.ts";
import { withProof } from "../shared/confirm-its-you.tsx";

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => call((api) => api.admin.profile.patch(input)),
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      await queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: string) => call((api) => api.admin["youtube-api-key"].post({ apiKey: apiKey.trim() })),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: videoStatusQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: videosQueryOptions().queryKey }),
      ]);
    },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => withProof(() => call((api) => api.admin["reset-password"].post(input))),
    onSuccess: (answer) => {
      // A reset revokes every older token; the answer carries the new one.
      if (answer.token) storeAdminToken(answer.token);
    },
  });
}

/** The whole site as JSON, for the download: read afresh every time. */
export const exportQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/admin/export-data"],
    queryFn: () => call((api) => api.admin["export-data"].get()),
    staleTime: 0,
    gcTime: 0,
  });

/** Replaces all data with an export's; every answer is then out of date (spec §7). */
export function useImportData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: Record<string, unknown>) => call((api) => api.admin["import-data"].post(data)),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  });
}
