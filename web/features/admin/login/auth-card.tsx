// The centred card of the sign-in pages: the login with its steps, the reset link's page, the sign-out link's page.
import { css } from "@styled-system/css" with { type: "macro" };
import type { FormEventHandler, ReactNode } from "react";

const cardStyle = css({
  w: "full",
  maxW: "md",
  bg: "surface",
  borderRadius: "card",
  boxShadow: "card",
  p: { base: "6", md: "8" },
  display: "flex",
  flexDirection: "column",
  gap: "5",
});
export const titleStyle = css({ fontSize: "3xl", fontWeight: "600", textAlign: "center" });
export const noticeStyle = css({ bg: "accent.soft", color: "accent.strong", borderRadius: "control", px: "3", py: "2", fontSize: "sm" });
export const linkButton = css({
  alignSelf: "center",
  color: "accent.strong",
  textDecoration: "underline",
  fontSize: "sm",
  cursor: "pointer",
  bg: "transparent",
  minH: "6",
  _hover: { textDecoration: "none" },
});

export function AuthPage({ children }: { children: ReactNode }) {
  return <div className={css({ minH: "100dvh", display: "flex", alignItems: "center", justifyContent: "center", p: "4" })}>{children}</div>;
}

/** A card that is a form labelled by its heading. */
export function AuthForm({ titleId, onSubmit, children }: { titleId: string; onSubmit: FormEventHandler; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className={cardStyle}>
      {children}
    </form>
  );
}

export function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className={css({ color: "danger", fontSize: "sm" })}>
      {children}
    </p>
  );
}
