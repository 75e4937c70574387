import { describe, expect, test } from "bun:test";
import { imageSources } from "./images.ts";

describe("imageSources", () => {
  test("a stored JPEG, PNG or WebP is offered at every width the server makes", () => {
    for (const url of ["/uploads/abc.jpg", "/uploads/a_b-c.png", "/uploads/x.webp"]) {
      expect(imageSources(url, "100vw")).toEqual({
        src: url,
        srcSet: `${url}?w=320 320w, ${url}?w=480 480w, ${url}?w=640 640w, ${url}?w=960 960w, ${url}?w=1280 1280w, ${url}?w=1920 1920w`,
        sizes: "100vw",
      });
    }
  });

  test("GIFs, PDFs, other addresses and odd names are shown as they are", () => {
    for (const url of [
      "/uploads/anim.gif",
      "/uploads/doc.pdf",
      "https://example.org/photo.jpg",
      "/uploads/a b.jpg",
      "/uploads/../x.jpg",
      "/photo.jpg",
      "",
    ]) {
      expect(imageSources(url, "100vw")).toEqual({ src: url });
    }
  });
});
