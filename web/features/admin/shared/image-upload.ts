// Image uploads of the admin area: the spec §5 checks (JPEG, PNG, GIF or WEBP up to 5MB) and the upload call.
import { IMAGE_TYPES, PROFILE_IMAGE_MAX_BYTES } from "../../../../src/shared/constants.ts";
import { apiRequest } from "../../../lib/api.ts";

/** The spec §5 image checks; null when the file may be uploaded. */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith("image/") || !(IMAGE_TYPES as readonly string[]).includes(file.type)) return "Selected file is not an image.";
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return "Image file is too large. Maximum size is 5MB.";
  return null;
}

/**
 * Stores an image on the server and returns its /uploads/ URL. The server's one image endpoint (spec §7, field
 * 'image') only stores the file, so event photos use it too.
 */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append("image", file);
  return (await apiRequest<{ profileImage: string }>("POST", "/api/admin/profile/image", { body })).profileImage;
}
