// The notifications module's bodies (the notification form's schema is src/shared/schemas.ts, which the web shares).
import { notificationSchema } from "@server/shared/schemas.ts";
import { partial } from "superstruct";

export const notificationPatchSchema = partial(notificationSchema);
