// The footer's 'Privacy Policy' and 'Terms of Use' links (spec §2.1). Each opens its dialog (legal-dialog.tsx: Ark
// Dialog and the texts), loaded on first use; hovering or focusing a link starts the download early. Esc or Close
// returns the focus to the link.

import { css } from "@styled-system/css" with { type: "macro" };
import { useOpenedOnce } from "@web/lib/use-opened-once.ts";
import { lazy, Suspense, useRef, useState } from "react";
import type { LegalKind } from "./legal-dialog.tsx";

const loadLegalDialog = () => import("./legal-dialog.tsx");
const LegalDialog = lazy(loadLegalDialog);
const preload = () => void loadLegalDialog();

const triggerStyle = css({
  color: "fg.onDeepMuted",
  cursor: "pointer",
  _hover: { color: "fg.onDeep", textDecoration: "underline" },
  borderRadius: "control",
  _focusVisible: { outlineColor: "accent.bright!" },
});

function LegalLink({ kind, label, email }: { kind: LegalKind; label: string; email: string | null }) {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={triggerStyle}
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {label}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <LegalDialog kind={kind} email={email} open={open} onClose={() => setOpen(false)} trigger={() => trigger.current} />
        </Suspense>
      )}
    </>
  );
}

export function LegalDialogs({ email }: { email: string | null }) {
  return (
    <>
      <LegalLink kind="privacy" label="Privacy Policy" email={email} />
      <LegalLink kind="terms" label="Terms of Use" email={email} />
    </>
  );
}
