import { describe, expect, test } from "bun:test";
import { ICONS_DIR, makeIcons } from "./icons.ts";

const icons = makeIcons();
const bytes = (content: string | Uint8Array) => (typeof content === "string" ? new TextEncoder().encode(content) : content);

describe("icon files", () => {
  test("the committed files are the ones made from the site's mark (run `bun scripts/icons.ts` after changing it)", async () => {
    for (const [name, content] of Object.entries(icons)) {
      expect({ name, same: Buffer.from(await Bun.file(`${ICONS_DIR}/${name}`).bytes()).equals(bytes(content)) }).toEqual({ name, same: true });
    }
  });

  test("the favicon is the lotus of LotusMark", () => {
    const svg = icons["favicon.svg"] as string;
    expect(svg).toStartWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">');
    expect(svg).toContain('<path d="M24 9c4 5 5.5 10.5 0 20-5.5-9.5-4-15 0-20Z" fill="#a3540f">');
  });

  test("each PNG has its size; the .ico holds one 32-pixel PNG", async () => {
    const sizes = { "icon-192.png": 192, "icon-512.png": 512, "icon-maskable-512.png": 512, "apple-touch-icon.png": 180 };
    for (const [name, size] of Object.entries(sizes)) {
      expect({ name, ...(await new Bun.Image(bytes(icons[name]!)).metadata()) }).toEqual({ name, width: size, height: size, format: "png" });
    }
    const ico = bytes(icons["favicon.ico"]!);
    expect([...ico.subarray(0, 8)]).toEqual([0, 0, 1, 0, 1, 0, 32, 32]);
    expect(await new Bun.Image(ico.subarray(22)).metadata()).toEqual({ width: 32, height: 32, format: "png" });
  });
});
