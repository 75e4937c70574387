// The pages mailed links open (issue 22): a reset link's new password, a notice's 'Sign out everywhere'.
import { css } from "@styled-system/css" with { type: "macro" };
import { ResetPasswordPage } from "@web/features/admin/login/reset-page.tsx";
import { SignOutEverywherePage } from "@web/features/admin/login/sign-out-page.tsx";
import { useEffect } from "react";
import { useParams } from "react-router";
import { NotFoundPage } from "./not-found.tsx";

/** /admin/reset-password and /admin/sign-out-everywhere (one lazy route keeps the public page's script small). */
export default function AccountLinkRoute() {
  const { link } = useParams();
  if (link === "reset-password") return <ResetPasswordRoute />;
  if (link === "sign-out-everywhere") return <SignOutEverywhereRoute />;
  return <NotFoundPage />;
}

function ResetPasswordRoute() {
  useEffect(() => {
    document.title = "Reset Password";
  }, []);
  return (
    <div className={css({ minH: "100dvh", bg: "bg.muted" })}>
      <ResetPasswordPage />
    </div>
  );
}

function SignOutEverywhereRoute() {
  useEffect(() => {
    document.title = "Sign out everywhere";
  }, []);
  return (
    <div className={css({ minH: "100dvh", bg: "bg.muted" })}>
      <SignOutEverywherePage />
    </div>
  );
}
