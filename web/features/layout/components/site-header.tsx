// The fixed header: brand, the five anchors with the active one marked, a collapsible menu on small screens, the
// scroll-progress bar, and the shrink after 50 % scroll progress (spec §2.1).

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { Menu, X } from "lucide-react";
import { type MouseEvent, useEffect, useId, useState } from "react";
import { NAV_SECTIONS } from "../sections.ts";
import { scrollToSection, usePageScroll } from "../use-page-scroll.ts";
import { LotusMark } from "./lotus-mark.tsx";

const linkStyle = css({
  position: "relative",
  px: "3",
  py: "2",
  fontSize: "sm",
  fontWeight: "550",
  color: "ink.700",
  borderRadius: "control",
  transition: "color 0.15s",
  _hover: { color: "accent.strong" },
  _after: {
    content: '""',
    position: "absolute",
    left: "3",
    right: "3",
    bottom: "1",
    h: "2px",
    borderRadius: "pill",
    bg: "accent",
    transform: "scaleX(0)",
    transition: "transform 0.2s",
  },
  "&[aria-current=location]": { color: "accent.strong", _after: { transform: "scaleX(1)" } },
});

export function SiteHeader({ brand }: { brand: string }) {
  const { progress, active, shrunk } = usePageScroll();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    setMenuOpen(false);
    scrollToSection(id);
    history.replaceState(null, "", `#${id}`);
  };

  const links = (className: string) =>
    NAV_SECTIONS.map(({ id, label }) => (
      <li key={id}>
        <a href={`#${id}`} className={className} aria-current={active === id ? "location" : undefined} onClick={(event) => go(event, id)}>
          {label}
        </a>
      </li>
    ));

  return (
    <header
      data-testid="site-header"
      data-shrunk={shrunk ? "true" : "false"}
      className={css({
        position: "fixed",
        top: "0",
        insetX: "0",
        zIndex: "sticky",
        bg: "rgba(255,253,248,0.86)",
        backdropFilter: "saturate(1.4) blur(12px)",
        borderBottomWidth: "1px",
        borderColor: "transparent",
        transition: "border-color 0.2s, box-shadow 0.2s",
        "&[data-shrunk=true]": { borderColor: "border", boxShadow: "0 6px 24px -18px rgba(26,31,61,0.5)" },
      })}
    >
      <div
        role="progressbar"
        aria-label="Reading progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
        data-testid="scroll-progress"
        className={css({
          position: "absolute",
          top: "0",
          left: "0",
          h: "3px",
          w: "full",
          bgGradient: "to-r",
          gradientFrom: "saffron.400",
          gradientTo: "accent",
          transformOrigin: "left",
        })}
        style={{ transform: `scaleX(${progress})` }}
      />
      <nav
        aria-label="Main"
        className={css({
          maxW: "content",
          mx: "auto",
          px: "gutter",
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          h: "80px",
          transition: "height 0.25s",
          "[data-shrunk=true] &": { h: "60px" },
        })}
      >
        {/* biome-ignore lint/a11y/useValidAnchor: a real link to the section (works without script); the click only scrolls smoothly */}
        <a
          href="#home"
          onClick={(event) => go(event, "home")}
          className={css({ display: "flex", alignItems: "center", gap: "2.5", borderRadius: "control" })}
        >
          <LotusMark className={css({ transition: "transform 0.25s", "[data-shrunk=true] &": { transform: "scale(0.85)" } })} />
          <span className={css({ display: "flex", flexDirection: "column", lineHeight: "1.1" })}>
            <span className={css({ fontFamily: "display", fontSize: "lg", fontWeight: "600", color: "heading" })}>{brand}</span>
            <span className={css({ fontSize: "0.68rem", letterSpacing: "eyebrow", textTransform: "uppercase", color: "fg.muted" })}>
              Association of Melbourne
            </span>
          </span>
        </a>
        <ul className={css({ display: { base: "none", md: "flex" }, gap: "1" })}>{links(linkStyle)}</ul>
        <button
          type="button"
          className={css({
            display: { base: "grid", md: "none" },
            placeItems: "center",
            w: "11",
            h: "11",
            borderRadius: "control",
            color: "heading",
            _hover: { bg: "bg.muted" },
          })}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X size={24} aria-hidden /> : <Menu size={24} aria-hidden />}
        </button>
      </nav>
      <div
        id={menuId}
        hidden={!menuOpen}
        data-testid="mobile-menu"
        className={css({ display: { md: "none!" }, borderTopWidth: "1px", borderColor: "border", bg: "bg", px: "gutter", pb: "4" })}
      >
        <ul className={css({ display: "flex", flexDirection: "column", py: "2" })}>
          {links(cx(linkStyle, css({ display: "block", py: "3", fontSize: "md", _after: { left: "3", right: "auto", w: "6" } })))}
        </ul>
      </div>
    </header>
  );
}
