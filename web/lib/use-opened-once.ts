// For parts loaded lazily when first opened (the public dialogs, issue 5): false until `open` is first true, then true
// for good, so the loaded part stays mounted and Ark runs its own closing (focus return to the trigger included).
// The server and the first browser render are closed: no dialog markup, nothing to hydrate.
import { useState } from "react";

export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
