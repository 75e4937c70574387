// The hero (anchor "home"): name, title, sanitised HTML biography, quote and portrait (spec §2.1). A broken or
// missing portrait shows the bundled placeholder; with no profile the §2.1 defaults are shown.

import { DEFAULT_PROFILE } from "@server/shared/constants.ts";
import { imageSources, PORTRAIT_SIZES } from "@server/shared/images.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { button } from "@styled-system/recipes/button";
import { RichText } from "@web/components/ui/rich-text.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import type { PublicProfile } from "@web/lib/api-types.ts";
import { ArrowDown } from "lucide-react";
import { type MouseEvent, useEffect, useState } from "react";
import placeholderImage from "../assets/portrait-placeholder.svg";

/** The bundled portrait shown when the profile's image is missing or broken. */
const PLACEHOLDER_IMAGE = placeholderImage;

type HeroProps = {
  profile: PublicProfile | undefined;
  isPending: boolean;
  onNavigate: (id: string) => void;
};

function Portrait({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new image is tried again
  useEffect(() => setBroken(false), [src]);
  const usePlaceholder = broken || !src.trim();
  return (
    <img
      {...(usePlaceholder ? { src: PLACEHOLDER_IMAGE } : imageSources(src.trim(), PORTRAIT_SIZES))}
      alt={alt}
      data-testid="profile-image"
      data-placeholder={usePlaceholder ? "true" : "false"}
      onError={() => setBroken(true)}
      fetchPriority="high"
      width={800}
      height={1000}
      className={css({ w: "full", h: "full", objectFit: "cover" })}
    />
  );
}

export function Hero({ profile, isPending, onNavigate }: HeroProps) {
  const shown = profile ?? (isPending ? undefined : { ...DEFAULT_PROFILE, id: 0, updatedAt: "" });
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    onNavigate(id);
  };
  return (
    <section
      id="home"
      aria-label="Welcome"
      className={css({
        position: "relative",
        overflow: "hidden",
        pt: { base: "28", md: "36" },
        pb: { base: "16", md: "24" },
        bgGradient: "to-b",
        gradientFrom: "bg.warm",
        gradientTo: "bg",
      })}
    >
      <div
        aria-hidden
        className={css({
          position: "absolute",
          top: { base: "-120px", md: "-200px" },
          right: { base: "-160px", md: "-120px" },
          w: { base: "420px", md: "720px" },
          h: { base: "420px", md: "720px" },
          borderRadius: "full",
          bg: "radial-gradient(circle, rgba(245,182,107,0.35) 0%, rgba(245,182,107,0.12) 45%, transparent 70%)",
          pointerEvents: "none",
        })}
      />
      <div
        className={css({
          position: "relative",
          maxW: "content",
          mx: "auto",
          px: "gutter",
          display: "grid",
          gap: { base: "12", md: "16" },
          gridTemplateColumns: { base: "1fr", md: "1.15fr 0.85fr" },
          alignItems: "center",
        })}
      >
        {/* The portrait comes first in the markup, as it shows on a phone: a page painted while it is still arriving
            never has the text pushed down by the portrait. Desktop gives each its own cell (text left, portrait
            right) rather than reordering them, which in a frame painted before the text arrived put the portrait on
            the left. PORTRAIT_SIZES follows this column's widths. */}
        <div
          className={css({
            gridColumn: { md: "2" },
            gridRow: { md: "1" },
            justifySelf: "center",
            w: "full",
            maxW: { base: "300px", sm: "360px", md: "440px" },
          })}
        >
          <div className={css({ position: "relative" })}>
            <div
              aria-hidden
              className={css({
                position: "absolute",
                inset: "0",
                translate: "18px 18px",
                borderRadius: "240px 240px 28px 28px",
                borderWidth: "1.5px",
                borderColor: "accent.bright",
              })}
            />
            <div
              className={css({
                position: "relative",
                aspectRatio: "4 / 5",
                borderRadius: "240px 240px 28px 28px",
                overflow: "hidden",
                boxShadow: "photo",
                bg: "cream.200",
              })}
            >
              {shown && <Portrait src={shown.profileImage} alt={`Portrait of ${shown.name}`} />}
            </div>
          </div>
        </div>
        <div className={css({ gridColumn: { md: "1" }, gridRow: { md: "1" } })}>
          {shown ? (
            <>
              <p
                className={css({ fontSize: "xs", fontWeight: "700", letterSpacing: "eyebrow", textTransform: "uppercase", color: "accent", mb: "4" })}
              >
                {shown.title}
              </p>
              <h1 className={css({ fontSize: "display.lg", fontWeight: "500", color: "heading", letterSpacing: "-0.02em", mb: "6" })}>
                {shown.name}
              </h1>
              <RichText
                html={shown.biography}
                className={css({ fontSize: { base: "md", md: "lg" }, color: "ink.700", maxW: "prose", lineHeight: "1.7" })}
              />
              <figure className={css({ mt: "8", pl: "5", borderLeftWidth: "3px", borderColor: "accent.bright", maxW: "prose" })}>
                <blockquote
                  data-testid="profile-quote"
                  className={css({
                    fontFamily: "display",
                    fontStyle: "italic",
                    fontSize: { base: "xl", md: "2xl" },
                    color: "indigo.700",
                    lineHeight: "1.35",
                  })}
                >
                  “{shown.quote}”
                </blockquote>
              </figure>
              <div className={css({ mt: "10", display: "flex", flexWrap: "wrap", gap: "3" })}>
                {/* biome-ignore lint/a11y/useValidAnchor: a real link to the section (works without script); the click only scrolls smoothly */}
                <a href="#events" onClick={(event) => go(event, "events")} className={button({ size: "lg" })}>
                  Upcoming Events <ArrowDown size={18} aria-hidden />
                </a>
                {/* biome-ignore lint/a11y/useValidAnchor: a real link to the section (works without script); the click only scrolls smoothly */}
                <a href="#classes" onClick={(event) => go(event, "classes")} className={button({ size: "lg", variant: "outline" })}>
                  Weekly Classes
                </a>
              </div>
            </>
          ) : (
            <div aria-busy="true" className={css({ display: "grid", gap: "4" })}>
              <span className={css({ srOnly: true })}>Loading profile</span>
              <Skeleton className={css({ h: "4", w: "40" })} />
              <Skeleton className={css({ h: "16", w: "80%" })} />
              <Skeleton className={css({ h: "24", w: "full" })} />
              <Skeleton className={css({ h: "10", w: "70%" })} />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
