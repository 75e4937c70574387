// A component of its own chunk, loaded once the page has started and only when the page needs it: the server and the
// hydrating browser both render without it, so the markup always matches (issue 32's notices, issue 38's cancel page).
import { type FunctionComponent, useEffect, useState } from "react";

/** `load`'s component once loaded (after hydration), when `wanted`; null before. */
export function useLoaded<P extends object>(load: () => Promise<FunctionComponent<P>>, wanted: boolean) {
  const [component, setComponent] = useState<{ render: FunctionComponent<P> } | null>(null);
  useEffect(() => {
    if (wanted) load().then((render) => setComponent({ render }));
  }, [load, wanted]);
  return component?.render ?? null;
}
