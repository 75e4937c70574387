// Scroll behaviour of the public page (spec §2.1, §9): smooth scroll with an 80 px offset, the active section by the
// 100 px rule, the progress bar and the header shrink at 50 %. Reads the window only in effects and handlers.

import { ACTIVE_SECTION_OFFSET, HEADER_SHRINK_PROGRESS, SCROLL_OFFSET } from "@web/lib/constants.ts";
import { useEffect, useState } from "react";
import { NAV_SECTIONS, type SectionId } from "./sections.ts";

const prefersReducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/** Scrolls so the section's top sits 80 px below the viewport top, smoothly unless reduced motion is asked for. */
export function scrollToSection(id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  const top = id === "home" ? 0 : element.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? "auto" : "smooth" });
}

/** The last section whose top has passed the 100 px line (spec §2.1), by position on the page. */
function activeSectionAt(): SectionId {
  let active: SectionId = "home";
  let best = -Infinity;
  for (const { id } of NAV_SECTIONS) {
    const element = document.getElementById(id);
    if (!element) continue;
    const top = element.getBoundingClientRect().top;
    if (top - ACTIVE_SECTION_OFFSET <= 0 && top > best) {
      best = top;
      active = id;
    }
  }
  return active;
}

export type PageScroll = { progress: number; active: SectionId; shrunk: boolean };

export function usePageScroll(): PageScroll {
  const [state, setState] = useState<PageScroll>({ progress: 0, active: "home", shrunk: false });
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const progress = max > 0 ? Math.min(1, Math.max(0, window.scrollY / max)) : 0;
      const active = activeSectionAt();
      setState((previous) =>
        previous.progress === progress && previous.active === active ? previous : { progress, active, shrunk: progress > HEADER_SHRINK_PROGRESS },
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    // Sections grow as their data arrives; recompute when the page height changes. The observer's first call, after
    // the first layout, gives the starting position: reading it here would force a layout of the freshly hydrated page.
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return state;
}
