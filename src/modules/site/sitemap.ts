// sitemap.xml: `/` and every event's and archive entry's own link (src/shared/links.ts), kept in the public cache.
import { type PublicCache, sendCached } from "@server/lib/public-cache.ts";
import { Elysia } from "elysia";
import { sitemapXml } from "./site-files.ts";

const SITEMAP_CACHE = "public, max-age=3600";

export const sitemap = (siteUrl: string, cache: PublicCache, links: () => Promise<{ path: string; createdAt: string }[]>) =>
  new Elysia({ name: "sitemap" }).get("/sitemap.xml", async ({ request, set }) => {
    const answer = await cache.get("sitemap.xml", async () => ({
      body: sitemapXml(siteUrl, await links()),
      contentType: "application/xml; charset=utf-8",
    }));
    return sendCached(request, answer, set, SITEMAP_CACHE);
  });
