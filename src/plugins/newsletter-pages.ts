// Where the newsletter's links land (`/?newsletter=<state>`, issue 15): `/` with a notice at the top, one kept page
// per state. The unsubscribe page carries its link in its form: it is kept with a stand-in link, which each request's
// own link replaces.
import { type Built, type CachedAnswer, type PublicCache, toAnswer } from "@server/lib/public-cache.ts";
import { newsletterNotice, newsletterPath, unsubscribeAction, unsubscribePagePath } from "@server/shared/newsletter-links.ts";

const STAND_IN = { id: "1", token: "0".repeat(43) };
const formAction = (id: string, token: string) => unsubscribeAction(id, token).replace("&", "&amp;");

/** `build` renders the page at a request (noindex: the landings are no pages of their own for search engines). */
export function newsletterPages(cache: PublicCache, build: (request: Request) => Promise<Built>) {
  return {
    /** The landing `url` asks for, or null when it is no newsletter link's. */
    answer(url: URL): Promise<CachedAnswer> | null {
      const notice = newsletterNotice(url.searchParams);
      if (!notice) return null;
      const path = notice.state === "unsubscribe" ? unsubscribePagePath(STAND_IN.id, STAND_IN.token) : newsletterPath(notice.state);
      const kept = cache.get(`page:/?newsletter=${notice.state}`, () => build(new Request(new URL(path, url))));
      if (notice.state !== "unsubscribe") return kept;
      return kept.then((answer) => {
        const html = new TextDecoder().decode(answer.body).replace(formAction(STAND_IN.id, STAND_IN.token), formAction(notice.id, notice.token));
        return toAnswer(html, answer.contentType);
      });
    },
  };
}
