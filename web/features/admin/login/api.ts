// Sign-in (spec §7, issue 22): the password, the mailed code of a new device, 'Forgot password?', the reset link's page.
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from "@simplewebauthn/browser";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api.ts";

/** The login's answer: a token, or (a new device while mail is on) a ticket for the mailed code. Checked by the card. */
export type LoginAnswer = { token?: unknown; codeRequired?: unknown; ticket?: unknown } | null;

export const useLogin = () =>
  useMutation({
    mutationFn: (credentials: { username: string; password: string } | { ticket: string; code: string }) =>
      apiRequest<LoginAnswer>("POST", "/api/admin/login", { body: credentials }),
  });

/** Whether mail is on (links and codes), for the login card. */
export const loginOptionsQuery = () =>
  queryOptions({ queryKey: ["/api/auth/options"], queryFn: () => apiRequest<{ mail: boolean }>("GET", "/api/auth/options"), staleTime: Infinity });

export const useForgotPassword = () =>
  useMutation({ mutationFn: (login: string) => apiRequest<{ message: string }>("POST", "/api/auth/forgot-password", { body: { login } }) });

export const useResetWithLink = () =>
  useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiRequest<{ success: boolean; message: string }>("POST", "/api/auth/reset-password", { body: input }),
  });

export const useSignOutWithLink = () =>
  useMutation({ mutationFn: (link: string) => apiRequest<{ message: string }>("POST", "/api/auth/sign-out-everywhere", { body: { link } }) });

/** 'Sign in with a passkey' (or the browser's passkey autofill): the server's challenge, the browser's ceremony, the login. */
export async function passkeyLogin(autofill: boolean): Promise<LoginAnswer> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>("POST", "/api/auth/passkey-options", { body: {} });
  const passkey = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return apiRequest<LoginAnswer>("POST", "/api/admin/login", { body: { passkey } });
}
