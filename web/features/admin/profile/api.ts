// Profile, image upload, YouTube key, password reset, export and import (spec §7).
import type { ProfileInput } from "../../../../src/shared/schemas.ts";
import type { Profile } from "../../../../src/shared/types.ts";
import { apiRequest } from "../../../lib/api.ts";
import { useMutation, useQueryClient } from "../../../lib/query.ts";
import { profileQueryOptions } from "../../profile/api.ts";
import { videoStatusQueryOptions, videosQueryOptions } from "../../videos/api.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import { storeAdminToken } from "../shared/session.ts";

export { profileQueryOptions };

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiRequest<Profile>("PATCH", "/api/admin/profile", { body: input }),
    onSuccess: async (profile) => {
      notifySuccess("Profile updated successfully");
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      await queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
    onError: (error) => notifyError(error, "Failed to update profile"),
  });
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: string) => apiRequest("POST", "/api/admin/youtube-api-key", { body: { apiKey: apiKey.trim() } }),
    onSuccess: async () => {
      notifySuccess("YouTube API Key Updated");
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: videoStatusQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: videosQueryOptions().queryKey }),
      ]);
    },
    onError: (error) => notifyError(error, "Failed to update YouTube API key", "Update failed"),
  });
}

export type ResetPasswordInput = { username: string; currentPassword: string; newPassword: string };

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiRequest<{ success?: boolean; message?: string; token?: string }>("POST", "/api/admin/reset-password", { body: input }),
    onSuccess: (answer) => {
      // A reset revokes every older token; the answer carries the new one.
      if (answer.token) storeAdminToken(answer.token);
      notifySuccess("Password reset successful", "Your password has been updated successfully.");
    },
  });
}

/** GET /api/admin/export-data as text, kept byte for byte for the download. */
export async function exportData(): Promise<unknown> {
  return apiRequest<unknown>("GET", "/api/admin/export-data");
}

export const importData = (data: unknown) => apiRequest<{ success?: boolean; message?: string }>("POST", "/api/admin/import-data", { body: data });
