/**
 * A file of the uploads folder that every copy carries (backups, off-site copies, app_data, git sync): a plain name,
 * no folder, no leading dot (a temp file being written). The server's own names (UPLOAD_NAME in src/modules/uploads: random base64url, so
 * one in 64 starts with "-") are among them; the copies once asked for a letter, digit or "_" first and left those out.
 */
export const UPLOAD_FILE = /^[\w-][\w.-]*$/;

/** The upload file that `path` names under `folder` (`/uploads/` in content, `uploads/` in a commit), if any. */
export function uploadFileUnder(folder: string, path: string): string | undefined {
  const name = path.startsWith(folder) ? path.slice(folder.length) : "";
  return UPLOAD_FILE.test(name) ? name : undefined;
}
