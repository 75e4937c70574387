import { imageSources } from "@server/shared/images.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { button } from "@styled-system/recipes/button";
import { card } from "@styled-system/recipes/card";
import { tag } from "@styled-system/recipes/tag";
import { Button } from "@web/components/ui/button.tsx";
import { RichText } from "@web/components/ui/rich-text.tsx";
import { CARD_IMAGE_SIZES } from "@web/components/ui/section.tsx";
import type { ArchiveItem } from "@web/lib/api-types.ts";
import { typeTone } from "@web/theme/tones.ts";
import { FileText, Images } from "lucide-react";

export function ArchiveCard({ item, onOpen }: { item: ArchiveItem; onOpen: () => void }) {
  const photoCount = 1 + item.images.length;
  return (
    <article className={card()} data-testid="archive-card" aria-labelledby={`archive-${item.source}-${item.id}-title`}>
      <div className={css({ position: "relative", aspectRatio: "3 / 2", bg: "cream.200", overflow: "hidden" })}>
        <img
          {...imageSources(item.image, CARD_IMAGE_SIZES)}
          alt={item.title}
          loading="lazy"
          className={css({ w: "full", h: "full", objectFit: "cover" })}
        />
        <span className={tag({ tone: "year" })} style={{ position: "absolute", top: "0.75rem", left: "0.75rem" }} data-testid="archive-year">
          {item.year}
        </span>
        {photoCount > 1 && (
          <span className={tag({ tone: "year" })} style={{ position: "absolute", top: "0.75rem", right: "0.75rem" }}>
            <Images size={12} aria-hidden /> {photoCount}
            <span className={css({ srOnly: true })}> photos</span>
          </span>
        )}
      </div>
      <div className={css({ p: { base: "5", md: "6" }, display: "flex", flexDirection: "column", gap: "3", flex: "1" })}>
        <div className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "2", flexWrap: "wrap" })}>
          <span className={tag({ tone: typeTone(item.type) })}>{item.type}</span>
          <span className={css({ fontSize: "sm", color: "fg.muted" })}>{item.date}</span>
        </div>
        <h3 id={`archive-${item.source}-${item.id}-title`} className={css({ fontSize: "xl", fontWeight: "600", color: "heading" })}>
          {item.title}
        </h3>
        <RichText
          html={item.description}
          className={css({ color: "fg.muted", fontSize: "sm", lineClamp: "3", "& p": { mb: "0", display: "inline" } })}
        />
        <div className={css({ mt: "auto", pt: "2", display: "flex", gap: "2", flexWrap: "wrap" })}>
          {item.attachmentFile && (
            <a href={item.attachmentFile} target="_blank" rel="noopener noreferrer" className={button({ variant: "subtle", size: "sm" })}>
              <FileText size={16} aria-hidden /> {item.attachmentName || "Download PDF"}
            </a>
          )}
          <Button variant="outline" size="sm" onClick={onOpen}>
            View Details &amp; Photos<span className={css({ srOnly: true })}>: {item.title}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}
