// The uploads module's answers: where each stored file is served.
import { answer } from "@server/lib/answers.ts";
import { object, string } from "superstruct";

export const profileImageStored = answer(object({ profileImage: string() }));
export const imageStored = answer(object({ url: string() }));
export const attachmentStored = answer(object({ fileUrl: string() }));
