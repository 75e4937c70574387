// The admin's reset page's form (issue 22), apart from schemas.ts: only the admin area reads it, so the public page's
// script does not carry it. The sign-in steps' bodies are the auth module's (src/modules/auth/model.ts).
import { define, type Infer, object, refine, string } from "superstruct";
import { checkNewPassword } from "./schemas.ts";

export const linkResetFormSchema = refine(
  object({ newPassword: define<string>("password", checkNewPassword), confirmPassword: string() }),
  "passwordsMatch",
  (value) => value.newPassword === value.confirmPassword || { message: "New passwords do not match", path: ["confirmPassword"] },
);
export type LinkResetFormInput = Infer<typeof linkResetFormSchema>;
