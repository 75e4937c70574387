// The mail module's answers: the admin's Mail card.
import { answer } from "@server/lib/answers.ts";
import { array, boolean, enums, nullable, number, object, string } from "superstruct";

export const mailStatus = answer(
  object({
    enabled: boolean(),
    from: nullable(string()),
    notifyEmail: nullable(string()),
    /** The newest row whose last attempt failed: failed for good, or waiting for a retry. */
    lastError: nullable(object({ queuedAt: string(), recipient: string(), answer: nullable(string()) })),
    recent: array(
      object({
        id: number(),
        recipient: string(),
        subject: string(),
        state: enums(["waiting", "sending", "sent", "failed"]),
        attempts: number(),
        lastAnswer: nullable(string()),
        createdAt: string(),
        sentAt: nullable(string()),
      }),
    ),
  }),
);
