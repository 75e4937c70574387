// What a sign-in's answer does, whichever step gave it: the token stored and a toast, or the failure shown.
import { toast } from "@web/components/ui/toast.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { storeAdminToken } from "@web/lib/session.ts";
import type { LoginAnswer } from "./api.ts";

/** Stores a login's token and reports; false when the answer has none. */
export function acceptLogin(answer: LoginAnswer, username: string, onLoggedIn: () => void, setError: (message: string) => void): boolean {
  if (!answer || typeof answer.token !== "string" || !answer.token) {
    setError("Login failed: Invalid response format");
    toast({ title: "Login failed", description: "Server returned an invalid response", variant: "destructive" });
    return false;
  }
  storeAdminToken(answer.token);
  toast({ title: "Login successful", description: `You are now logged in as ${username}` });
  onLoggedIn();
  return true;
}

export function failLogin(error: unknown, setError: (message: string) => void) {
  const message = serverMessageOr(error, "Invalid credentials");
  setError(message);
  toast({ title: "Login failed", description: message, variant: "destructive" });
}
