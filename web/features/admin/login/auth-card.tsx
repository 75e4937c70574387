// The centred card of the sign-in pages: the login with its steps, and the pages mailed links open (reset, sign-out,
// new e-mail).
import { css } from "@styled-system/css" with { type: "macro" };
import { type FormEventHandler, type ReactNode, useState } from "react";
import { Link } from "react-router";

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

/**
 * The secret of a mailed link, kept in its fragment (never sent to a server log or a Referer), and `forget` to drop it
 * from the address bar once it is used.
 */
export function useLinkFragment() {
  const [secret] = useState(() => window.location.hash.slice(1));
  return [secret, () => window.history.replaceState(null, "", window.location.pathname)] as const;
}

type MailedLinkPageProps = { titleId: string; title: string; onSubmit: FormEventHandler; done: ReactNode; children: ReactNode };

/**
 * The page a mailed link opens: it acts only when its form is submitted (a mail scanner that follows links does
 * nothing), then shows `done` in place of the form; the way back to the login stays below.
 */
export function MailedLinkPage({ titleId, title, onSubmit, done, children }: MailedLinkPageProps) {
  return (
    <main>
      <AuthPage>
        <AuthForm titleId={titleId} onSubmit={onSubmit}>
          <h1 id={titleId} className={titleStyle}>
            {title}
          </h1>
          {done ? (
            <p role="status" className={noticeStyle}>
              {done}
            </p>
          ) : (
            children
          )}
          <Link to="/admin" className={linkButton}>
            Go to the login
          </Link>
        </AuthForm>
      </AuthPage>
    </main>
  );
}
