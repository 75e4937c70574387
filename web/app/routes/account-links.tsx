// The pages mailed links open (issue 22): a reset link's new password, a notice's 'Sign out everywhere', a new account
// e-mail's confirmation (issue 30).
import { css } from "@styled-system/css" with { type: "macro" };
import { ConfirmEmailPage } from "@web/features/admin/login/confirm-email-page.tsx";
import { ResetPasswordPage } from "@web/features/admin/login/reset-page.tsx";
import { SignOutEverywherePage } from "@web/features/admin/login/sign-out-page.tsx";
import { type ReactNode, useEffect } from "react";
import { useParams } from "react-router";
import { NotFoundPage } from "./not-found.tsx";

/** /admin/reset-password, /admin/sign-out-everywhere and /admin/confirm-email (one lazy route keeps the public page's script small). */
export default function AccountLinkRoute() {
  const { link } = useParams();
  if (link === "reset-password") return <LinkPage title="Reset Password" page={<ResetPasswordPage />} />;
  if (link === "sign-out-everywhere") return <LinkPage title="Sign out everywhere" page={<SignOutEverywherePage />} />;
  if (link === "confirm-email") return <LinkPage title="Confirm your new account e-mail" page={<ConfirmEmailPage />} />;
  return <NotFoundPage />;
}

function LinkPage({ title, page }: { title: string; page: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <div className={css({ minH: "100dvh", bg: "bg.muted" })}>{page}</div>;
}
