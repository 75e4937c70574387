// The activity module's answer: the account's activity, newest first.
import { activity } from "@db/schema.ts";
import { answer, rowOf } from "@server/lib/answers.ts";
import { array } from "superstruct";

export const activityList = answer(array(rowOf(activity)));
