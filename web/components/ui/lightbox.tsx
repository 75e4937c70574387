// Full-screen photo viewer (events' lightbox and the archive gallery): opens at the clicked photo, previous/next wrap
// around, arrow keys move, Esc closes and focus returns to the photo that opened it (Ark Dialog).
import { Dialog as ArkDialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { imageSources } from "@server/shared/images.ts";
import { button } from "@styled-system/recipes/button";
import { lightbox } from "@styled-system/recipes/lightbox";
import { ChevronLeft, ChevronRight, Download, X } from "lucide-react";
import type { KeyboardEvent } from "react";
import { Button } from "./button.tsx";
import { photoFileName } from "./format.ts";

type LightboxProps = {
  photos: string[];
  /** The photo shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Names the photos (alt text) and their download files. */
  title: string;
  /** "of" shows "N of M" (events), "slash" shows "n / total" (archive gallery). */
  counter?: "of" | "slash";
};

const styles = lightbox();

/** The index after moving `step` from `index` in a list of `count`, wrapping at both ends (spec §4). */
const wrapIndex = (index: number, step: number, count: number) => (count === 0 ? 0 : (index + step + count) % count);

export function Lightbox({ photos, index, onIndexChange, onClose, title, counter = "of" }: LightboxProps) {
  const open = index !== null && photos.length > 0;
  const current = Math.min(index ?? 0, Math.max(photos.length - 1, 0));
  const move = (step: number) => onIndexChange(wrapIndex(current, step, photos.length));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      move(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      move(-1);
    }
  };
  const label = counter === "of" ? `${current + 1} of ${photos.length}` : `${current + 1} / ${photos.length}`;
  const photo = photos[current];

  return (
    <ArkDialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <ArkDialog.Backdrop className={styles.backdrop} />
        <ArkDialog.Positioner className={styles.positioner}>
          <ArkDialog.Content className={styles.content} onKeyDown={onKeyDown} aria-label={`${title}: photos`} data-testid="lightbox">
            {/* biome-ignore lint/a11y/noRedundantAlt: the position ("photo 2 of 5") is what the alt adds to the title */}
            {photo && <img {...imageSources(photo, "100vw")} alt={`${title}, photo ${current + 1} of ${photos.length}`} className={styles.image} />}
            {photos.length > 1 && (
              <>
                <button type="button" className={styles.nav} style={{ left: "0.75rem" }} onClick={() => move(-1)} aria-label="Previous photo">
                  <ChevronLeft size={26} aria-hidden />
                </button>
                <button type="button" className={styles.nav} style={{ right: "0.75rem" }} onClick={() => move(1)} aria-label="Next photo">
                  <ChevronRight size={26} aria-hidden />
                </button>
              </>
            )}
            <div className={styles.toolbar}>
              {photo && (
                <a
                  href={photo}
                  download={photoFileName(title, current)}
                  className={button({ variant: "onDeep", size: "icon" })}
                  aria-label="Download photo"
                >
                  <Download size={20} aria-hidden />
                </a>
              )}
              <ArkDialog.CloseTrigger asChild>
                <Button variant="onDeep" size="icon" aria-label="Close photos">
                  <X size={22} aria-hidden />
                </Button>
              </ArkDialog.CloseTrigger>
            </div>
            <p className={styles.counter} aria-live="polite" data-testid="lightbox-counter">
              {label}
            </p>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
