// The archive details dialog and its full-screen gallery (spec §2.1).

import { imageSources } from "@server/shared/images.ts";

import { archiveItemPath } from "@server/shared/links.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { button } from "@styled-system/recipes/button";
import { tag } from "@styled-system/recipes/tag";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Lightbox } from "@web/components/ui/lightbox.tsx";
import { RichText } from "@web/components/ui/rich-text.tsx";
import { ShareButton } from "@web/components/ui/share-button.tsx";
import { call } from "@web/lib/api.ts";
import type { ArchiveItem } from "@web/lib/api-types.ts";
import { ARCHIVE_QUERY_KEY } from "@web/lib/queries/archive.ts";
import { typeTone } from "@web/theme/tones.ts";
import { Download } from "lucide-react";
import { useEffect, useState } from "react";

const subheading = css({ fontFamily: "display", fontSize: "lg", fontWeight: "600", color: "heading", mb: "3" });

/** Every photo of an entry: the main image, then the others. */
export const archivePhotos = (item: ArchiveItem) => [item.image, ...item.images].filter(Boolean);

// Here, in the dialog's own chunk, rather than in the page's script: only an opened link asks for it.
/** One entry (a link to it when it is not on the page shown); null when there is none. */
export const archiveEntryQueryOptions = (source: "archive" | "event", id: number) =>
  queryOptions({
    queryKey: [...ARCHIVE_QUERY_KEY, source, id],
    queryFn: () => call((api) => api["archive-events"]({ source })({ id }).get()).then((found) => found.entry),
  });

/**
 * The entry the address names: the one on the page shown, else asked for by itself (a link's page from the server
 * holds it). An upcoming event's link is none of the archive's.
 */
export function LinkedArchiveDialog({
  linked,
  shown,
  onClose,
}: {
  linked: { kind: "event" | "archive"; id: number } | null;
  shown?: ArchiveItem;
  onClose: () => void;
}) {
  const entry = useQuery({ ...archiveEntryQueryOptions(linked?.kind ?? "archive", linked?.id ?? 0), enabled: Boolean(linked && !shown) });
  return <ArchiveDialog item={linked ? (shown ?? entry.data ?? null) : null} onClose={onClose} />;
}

function ArchiveDialog({ item, onClose }: { item: ArchiveItem | null; onClose: () => void }) {
  const [photoIndex, setPhotoIndex] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another entry opens at its first photo
  useEffect(() => setPhotoIndex(null), [item]);
  const photos = item ? archivePhotos(item) : [];

  return (
    <Dialog.Root open={item !== null} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      {item && (
        <Dialog.Content className={css({ maxW: "3xl" })} closeLabel="Close dialog" data-testid="archive-dialog">
          <Dialog.Title>{item.title}</Dialog.Title>
          <div className={css({ display: "flex", gap: "2", alignItems: "center", flexWrap: "wrap", mt: "2" })}>
            <span className={css({ color: "fg.muted", fontSize: "sm", mr: "1" })}>{item.date}</span>
            <span className={tag({ tone: typeTone(item.type) })}>{item.type}</span>
            <span className={tag({ tone: "neutral" })}>{item.year}</span>
          </div>
          <Dialog.Body>
            <button
              type="button"
              onClick={() => setPhotoIndex(0)}
              aria-label={`Open photo 1 of ${photos.length}`}
              className={css({ display: "block", borderRadius: "card", overflow: "hidden", cursor: "zoom-in", aspectRatio: "3 / 2" })}
            >
              <img
                {...imageSources(item.image, "(min-width: 800px) 720px, 100vw")}
                alt={item.title}
                className={css({ w: "full", h: "full", objectFit: "cover" })}
              />
            </button>
            {item.attachmentFile && item.attachmentName && (
              <div
                className={css({
                  bg: "bg.muted",
                  borderRadius: "control",
                  p: "4",
                  display: "flex",
                  alignItems: "center",
                  justifyContent: "space-between",
                  gap: "3",
                  flexWrap: "wrap",
                })}
              >
                <div>
                  <h3 className={css({ fontWeight: "600", color: "heading" })}>Event Document</h3>
                  <p className={css({ fontSize: "sm", color: "fg.muted" })}>{item.attachmentName}</p>
                </div>
                <a href={item.attachmentFile} target="_blank" rel="noopener noreferrer" className={button({ variant: "outline", size: "sm" })}>
                  <Download size={16} aria-hidden /> Download
                </a>
              </div>
            )}
            <div>
              <h3 className={subheading}>Event Description</h3>
              <RichText html={item.description} className={css({ color: "ink.700" })} />
            </div>
            {photos.length > 0 && (
              <div>
                <h3 className={subheading}>Event Photos ({photos.length})</h3>
                <ul
                  className={css({
                    display: "grid",
                    gridTemplateColumns: { base: "repeat(2, 1fr)", sm: "repeat(3, 1fr)", md: "repeat(4, 1fr)" },
                    gap: "2",
                  })}
                >
                  {photos.map((photo, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a photo may be listed twice; the list is never reordered in place
                    <li key={`${photo}-${index}`}>
                      <button
                        type="button"
                        onClick={() => setPhotoIndex(index)}
                        aria-label={`Open photo ${index + 1} of ${photos.length}`}
                        className={css({
                          display: "block",
                          w: "full",
                          aspectRatio: "1",
                          borderRadius: "control",
                          overflow: "hidden",
                          cursor: "zoom-in",
                          "& img": { transition: "transform 0.3s" },
                          _hover: { "& img": { transform: "scale(1.05)" } },
                        })}
                      >
                        <img
                          {...imageSources(photo, "(min-width: 768px) 180px, (min-width: 640px) 33vw, 50vw")}
                          alt=""
                          loading="lazy"
                          className={css({ w: "full", h: "full", objectFit: "cover" })}
                        />
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </Dialog.Body>
          <Dialog.Footer>
            <ShareButton path={archiveItemPath(item)} title={item.title} />
            <Dialog.CloseTrigger className={button({ variant: "solid" })}>Close</Dialog.CloseTrigger>
          </Dialog.Footer>
          <Lightbox
            photos={photos}
            index={photoIndex}
            onIndexChange={setPhotoIndex}
            onClose={() => setPhotoIndex(null)}
            title={item.title}
            counter="slash"
          />
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}
