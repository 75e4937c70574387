// The dialog a page link names (`/?event=<id>`, `/?archive=<id>`, issue 16), kept in the address bar while it is open.

import { linkedDialog } from "@server/shared/links.ts";
import { useRef, useSyncExternalStore } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";

const noSubscription = () => () => {};

/**
 * The dialog the address names, once the page is hydrated: the server renders every dialog closed (the dialogs are
 * loaded on first use), so it opens right after hydration. `open(path)` pushes its link, so that Back closes it and
 * Forward opens it again; `close()` takes it out: back to the entry it was opened from, or in place when the visitor
 * arrived by the link.
 */
export function useDialogLink() {
  const [params] = useSearchParams();
  const { state, key } = useLocation();
  const navigate = useNavigate();
  // The entry a close already left: Back is asynchronous, and a second close before it lands (the dialog's Escape and
  // its closing both ask) would go back once more, off the site.
  const leftEntry = useRef<string | null>(null);
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return {
    linked: hydrated ? linkedDialog(params) : null,
    open: (path: string) => navigate(path, { state: { openedHere: true } }),
    close: () => {
      // Already out of the address (Back closed it).
      if (!linkedDialog(new URLSearchParams(window.location.search)) || leftEntry.current === key) return;
      leftEntry.current = key;
      if ((state as { openedHere?: boolean } | null)?.openedHere) navigate(-1);
      else navigate("/", { replace: true });
    },
  };
}
