// The backups module's answers.
import { type AnswerOf, answer, doneWith } from "@server/lib/answers.ts";
import { array, boolean, enums, nullable, number, object, string } from "superstruct";

const backupInfo = object({
  name: string(),
  kind: enums(["daily", "manual", "before-import", "before-restore"]),
  createdAt: string(),
  size: number(),
});
export const backupList = answer(array(backupInfo));
export type BackupInfo = AnswerOf<typeof backupList>[number];
export const backupTaken = doneWith({ backup: backupInfo });

/** GET /api/admin/backups/offsite: the copier's state, the bucket's copies, and why they could not be listed. */
export const offsiteAnswer = answer(
  object({
    enabled: boolean(),
    bucket: nullable(string()),
    encrypted: boolean(),
    /** UNENCRYPTED_WARNING, or null when the copies are encrypted. */
    warning: nullable(string()),
    running: boolean(),
    lastCopy: nullable(object({ name: string(), createdAt: string() })),
    lastError: nullable(object({ message: string(), at: string() })),
    nextRetryAt: nullable(string()),
    canRestore: boolean(),
    copies: array(object({ name: string(), createdAt: string(), encrypted: boolean() })),
    listError: nullable(string()),
  }),
);
export type OffsiteAnswer = AnswerOf<typeof offsiteAnswer>;
