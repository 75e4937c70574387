// Image uploads of the admin area: the spec §5 checks (JPEG, PNG, GIF or WEBP up to 5MB) and the upload calls.

import { PROFILE_IMAGE_MAX_BYTES } from "@server/shared/constants.ts";
import { useMutation } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { IMAGE_TYPES } from "@web/lib/constants.ts";

/** The spec §5 image checks; null when the file may be uploaded. */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith("image/") || !(IMAGE_TYPES as readonly string[]).includes(file.type)) return "Selected file is not an image.";
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return "Image file is too large. Maximum size is 5MB.";
  return null;
}

/** Stores the profile image (spec §7); answers its /uploads/ URL. */
export const useUploadProfileImage = () =>
  useMutation({
    mutationFn: async (image: File) => (await call((api) => api.admin.profile.image.post({ image }))).profileImage,
  });

/** Stores an event or archive photo; answers its /uploads/ URL. */
export const useUploadPhoto = () =>
  useMutation({
    mutationFn: async (image: File) => (await call((api) => api.admin.uploads.image.post({ image }))).url,
  });
