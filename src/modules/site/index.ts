// The HTML site: `/` rendered from the API's public reads, each event's and archive entry's link page, the mailed
// links' landings, /sitemap.xml, and the site's files (icons, robots.txt, the manifest).
import type { Api } from "@server/api.ts";
import { type PageOptions, page } from "./page.ts";
import { pageDataLoader, pageLinksLoader } from "./page-data.ts";

export { type Linked, type PageRenderer, readShell } from "./page.ts";
export type { PageData } from "./page-data.ts";
export { createSiteFiles } from "./site-files.ts";

export function siteModule({ api, ...options }: Omit<PageOptions, "data" | "links"> & { api: Api }) {
  return page({ ...options, data: pageDataLoader(api), links: pageLinksLoader(api) });
}
