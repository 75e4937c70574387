import { css } from "@styled-system/css" with { type: "macro" };
import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <main className={css({ minH: "100dvh", display: "grid", placeItems: "center", p: "6", textAlign: "center" })}>
      <div>
        <h1 className={css({ fontSize: "4xl", fontWeight: "600", mb: "3" })}>404 Page Not Found</h1>
        <p className={css({ color: "fg.muted", mb: "6" })}>Did you forget to add the page to the router?</p>
        <Link to="/" className={css({ color: "accent.strong", textDecoration: "underline" })}>
          Back to the home page
        </Link>
      </div>
    </main>
  );
}
