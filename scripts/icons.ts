// The site's icon files, made from its mark (LotusMark, web/features/layout) and committed beside it:
// `bun scripts/icons.ts` after the mark changes (scripts/icons.test.ts fails until then). The server serves them as
// they are (src/modules/site/site-files.ts); resvg draws the PNGs, ico-endec wraps one in the .ico.
import { Resvg } from "@resvg/resvg-js";
import { LotusMark } from "@web/features/layout/components/lotus-mark.tsx";
import { encode } from "ico-endec";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export const ICONS_DIR = "web/features/layout/assets/icons";
/** The cream paper the mark sits on. */
const PAPER = "#fffdf8";

const mark = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(renderToStaticMarkup(createElement(LotusMark, { size: 48 })))![1]!;

/**
 * The mark on a cream disc (favicon, "any" icons), or filling a cream square: phones cut their own shape from it
 * (apple-touch-icon, the maskable icon; the mark stays inside the central 80% that every shape keeps).
 */
const iconSvg = (shape: "disc" | "square") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">${
    shape === "disc" ? `<circle cx="24" cy="24" r="24" fill="${PAPER}"/>` : `<rect width="48" height="48" fill="${PAPER}"/>`
  }${mark}</svg>\n`;

const png = (svg: string, size: number) => new Uint8Array(new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng());

/** Every icon file by name. */
export function makeIcons(): Record<string, string | Uint8Array> {
  const disc = iconSvg("disc");
  const square = iconSvg("square");
  return {
    "favicon.svg": disc,
    "favicon.ico": new Uint8Array(encode([Buffer.from(png(disc, 32))])),
    "icon-192.png": png(disc, 192),
    "icon-512.png": png(disc, 512),
    "icon-maskable-512.png": png(square, 512),
    "apple-touch-icon.png": png(square, 180),
  };
}

if (import.meta.main) {
  for (const [name, content] of Object.entries(makeIcons())) await Bun.write(`${ICONS_DIR}/${name}`, content);
  console.log(`icons written to ${ICONS_DIR}`);
}
