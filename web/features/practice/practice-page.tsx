// /practice (issue 40): "My practice", a student's own page without a password, and the place passes are bought.
// A mailed link signs her in by itself: its code travels in the fragment, which never reaches a server or a log.
import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { notice } from "@styled-system/recipes/notice";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { useClasses } from "@web/lib/queries/classes.ts";
import { useProfile } from "@web/lib/queries/profile.ts";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { usePractice, useVerify } from "./api.ts";
import { MyPractice } from "./my-practice.tsx";
import { PassesForSale } from "./passes-for-sale.tsx";
import { SignInCard } from "./sign-in-card.tsx";

/** The mailed link's `#email=…&code=…`, read once and taken off the address bar. */
function useLinkCode() {
  const [linked] = useState(() => {
    const params = new URLSearchParams(window.location.hash.slice(1));
    const email = params.get("email");
    const code = params.get("code");
    if (email && code) window.history.replaceState(null, "", window.location.pathname + window.location.search);
    return email && code ? { email, code } : null;
  });
  return linked;
}

export default function PracticePage() {
  const verify = useVerify();
  const linked = useLinkCode();
  const practice = usePractice(!linked || verify.isSuccess || verify.isError);
  const profile = useProfile().data;
  const classes = useClasses().data ?? [];
  const passesRef = useRef<HTMLDivElement>(null);
  const paid = new URLSearchParams(window.location.search).get("payment") === "success";

  useEffect(() => {
    document.title = "My practice";
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link signs in once, when the page opens
  useEffect(() => {
    if (linked) verify.mutate(linked);
  }, []);

  const me = practice.data;
  const classNames = new Map(classes.map((entry) => [entry.id, entry.name]));
  const showPasses = () => {
    const heading = passesRef.current?.querySelector<HTMLElement>("h2");
    heading?.scrollIntoView({ behavior: "smooth", block: "start" });
    heading?.focus({ preventScroll: true });
  };

  return (
    <div className={css({ minH: "100dvh", bg: "bg.muted" })}>
      <header className={css({ bg: "surface", borderBottomWidth: "1px", borderColor: "border" })}>
        <div className={css({ maxW: "4xl", mx: "auto", px: "4", py: "3", display: "flex", justifyContent: "space-between", alignItems: "center" })}>
          <Link to="/" className={css({ fontWeight: "600", color: "heading", textDecoration: "none" })}>
            Vedanta &amp; Yoga
          </Link>
          <Link to="/#classes" className={css({ color: "accent.strong", textDecoration: "underline", fontSize: "sm" })}>
            Classes
          </Link>
        </div>
      </header>
      <main
        id="main"
        className={css({ maxW: "4xl", mx: "auto", px: "4", py: { base: "6", md: "10" }, display: "flex", flexDirection: "column", gap: "6" })}
      >
        <h1 className={css({ fontFamily: "heading", fontSize: { base: "3xl", md: "4xl" }, color: "heading" })}>My practice</h1>
        {paid && (
          <p role="status" className={cx(notice({ type: "success" }))}>
            Thank you: your pass is paid. Its receipt is in your mail
            {me ? "." : "; sign in below with the same address to book with it."}
          </p>
        )}
        {verify.isError && (
          <p role="alert" className={cx(notice({ type: "error" }))}>
            {serverMessageOr(verify.error, "That link did not work")} Ask for a new code below.
          </p>
        )}
        {practice.isPending || verify.isPending ? (
          <Spinner />
        ) : me ? (
          <MyPractice me={me} classes={classes} timezone={profile?.timezone ?? ""} onBuyPass={showPasses} />
        ) : (
          <SignInCard />
        )}
        <div ref={passesRef}>
          <PassesForSale
            paymentsOn={profile?.payments.enabled ?? false}
            currency={profile?.payments.currency ?? "aud"}
            classNames={classNames}
            email={me?.email}
            name={me?.name}
          />
        </div>
      </main>
    </div>
  );
}
