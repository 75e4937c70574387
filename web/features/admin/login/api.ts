// Sign-in (spec §7, issue 22): the password, the mailed code of a new device, 'Forgot password?', the reset link's page.
import { startAuthentication } from "@simplewebauthn/browser";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

/** The login's answer: a token, or (a new device while mail is on) a ticket for the mailed code. Checked by the card. */
export type LoginAnswer = { token?: unknown; codeRequired?: unknown; ticket?: unknown } | null;

export const useLogin = () =>
  useMutation({
    mutationFn: (credentials: { username: string; password: string } | { ticket: string; code: string }) =>
      call((api) => api.admin.login.post(credentials)),
  });

/** Whether mail is on (links and codes), for the login card. */
export const loginOptionsQuery = () =>
  queryOptions({ queryKey: ["/api/auth/options"], queryFn: () => call((api) => api.auth.options.get()), staleTime: Infinity });

export const useForgotPassword = () => useMutation({ mutationFn: (login: string) => call((api) => api.auth["forgot-password"].post({ login })) });

export const useResetWithLink = () =>
  useMutation({
    mutationFn: (input: { token: string; newPassword: string; removePasskeys: boolean }) => call((api) => api.auth["reset-password"].post(input)),
  });

export const useSignOutWithLink = () =>
  useMutation({
    mutationFn: (input: { link: string; removePasskeys: boolean }) => call((api) => api.auth["sign-out-everywhere"].post(input)),
  });

/** The page a new account e-mail's mailed link opens. */
export const useConfirmEmail = () => useMutation({ mutationFn: (token: string) => call((api) => api.auth["confirm-email"].post({ token })) });

/** 'Sign in with a passkey' (or the browser's passkey autofill): the server's challenge, the browser's ceremony, the login. */
export async function passkeyLogin(autofill: boolean): Promise<LoginAnswer> {
  const optionsJSON = await call((api) => api.auth["passkey-options"].post({}));
  const passkey = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return call((api) => api.admin.login.post({ passkey }));
}
