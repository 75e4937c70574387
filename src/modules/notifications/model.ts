// The notifications module's bodies and answers (the notification form's schema is src/shared/schemas.ts, which the
// web shares).
import { notifications } from "@db/schema.ts";
import { type AnswerOf, answer, rowOf } from "@server/lib/answers.ts";
import { notificationSchema } from "@server/shared/schemas.ts";
import { array, partial } from "superstruct";

export const notificationPatchSchema = partial(notificationSchema);

const notificationRow = rowOf(notifications);
export const notificationAnswer = answer(notificationRow);
export const notificationList = answer(array(notificationRow));
export type Notification = AnswerOf<typeof notificationAnswer>;
