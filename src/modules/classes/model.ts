// The classes module's bodies and answers (the class form's schema is src/shared/schemas.ts, which the web shares).
import { classes } from "@db/schema.ts";
import { type AnswerOf, answer, rowOf } from "@server/lib/answers.ts";
import { classSchema } from "@server/shared/schemas.ts";
import { array, partial } from "superstruct";

export const classPatchSchema = partial(classSchema);

const classRow = rowOf(classes);
export const classAnswer = answer(classRow);
export const classList = answer(array(classRow));
export type Class = AnswerOf<typeof classAnswer>;
