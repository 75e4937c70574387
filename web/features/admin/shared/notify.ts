// Toasts of the admin area (spec §8): failures are titled 'Error' and destructive unless the spec says otherwise.
import { toast } from "@web/components/ui/toast.tsx";
import { ApiError } from "@web/lib/api.ts";

/** The server's error text of a failed call, else the error's message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage || error.message;
  return error instanceof Error ? error.message : String(error);
}

/** A 401 is handled once by the session (back to the login card), not by each failing call. */
const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

export function notifyError(error: unknown, description: string, title = "Error") {
  console.error(error);
  if (isUnauthorized(error)) return;
  toast({ title, description, variant: "destructive" });
}

export function notifySuccess(title: string, description?: string) {
  toast({ title, description });
}
