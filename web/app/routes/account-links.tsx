// The pages mailed links open (issue 22): a reset link's new password, a notice's 'Sign out everywhere'.
import { css } from "@styled-system/css" with { type: "macro" };
import { ResetPasswordPage } from "@web/features/admin/login/reset-page.tsx";
import { SignOutEverywherePage } from "@web/features/admin/login/sign-out-page.tsx";
import { useEffect } from "react";

export function ResetPasswordRoute() {
  useEffect(() => {
    document.title = "Reset Password";
  }, []);
  return (
    <div className={css({ minH: "100dvh", bg: "bg.muted" })}>
      <ResetPasswordPage />
    </div>
  );
}

export function SignOutEverywhereRoute() {
  useEffect(() => {
    document.title = "Sign out everywhere";
  }, []);
  return (
    <div className={css({ minH: "100dvh", bg: "bg.muted" })}>
      <SignOutEverywherePage />
    </div>
  );
}
