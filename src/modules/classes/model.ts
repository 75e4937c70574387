// The classes module's bodies (the class form's schema is src/shared/schemas.ts, which the web shares).
import { classSchema } from "@server/shared/schemas.ts";
import { partial } from "superstruct";

export const classPatchSchema = partial(classSchema);
