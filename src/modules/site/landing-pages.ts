// Where the mailed links land (issues 15 and 23): `/` with a notice at the top, one kept page per state
// (`/?newsletter=<state>`, `/?registration=<state>`). A page with a button (unsubscribe, cancel a registration) carries
// its link in its form: it is kept with a stand-in link, which each request's own link replaces.
import { type Built, type CachedAnswer, type PublicCache, toAnswer } from "@server/lib/public-cache.ts";
import { newsletterNotice, newsletterPath, unsubscribeAction, unsubscribePagePath } from "@server/shared/newsletter-links.ts";
import { cancelPagePath, registrationCancelPath, registrationNotice, registrationPath } from "@server/shared/registration-links.ts";

type Link = { id: string; token: string };
/** A landing: the kept page's key, the address it is rendered at, and for a page with a button, its form's link. */
type Landing = { key: string; path: string; form?: { standIn: string; own: string } };

const STAND_IN: Link = { id: "1", token: "0".repeat(43) };
const inForm = (action: (id: string, token: string) => string, { id, token }: Link) => action(id, token).replace("&", "&amp;");

function newsletterLanding(params: URLSearchParams): Landing | null {
  const notice = newsletterNotice(params);
  if (!notice) return null;
  if (notice.state !== "unsubscribe") return { key: `newsletter=${notice.state}`, path: newsletterPath(notice.state) };
  const form = { standIn: inForm(unsubscribeAction, STAND_IN), own: inForm(unsubscribeAction, notice) };
  return { key: "newsletter=unsubscribe", path: unsubscribePagePath(STAND_IN.id, STAND_IN.token), form };
}

function registrationLanding(params: URLSearchParams): Landing | null {
  const notice = registrationNotice(params);
  if (!notice) return null;
  if (notice.state !== "cancel") return { key: `registration=${notice.state}`, path: registrationPath(notice.state) };
  const form = { standIn: inForm(registrationCancelPath, STAND_IN), own: inForm(registrationCancelPath, notice) };
  return { key: "registration=cancel", path: cancelPagePath(STAND_IN.id, STAND_IN.token), form };
}

/** `build` renders the page at a request (noindex: the landings are no pages of their own for search engines). */
export function landingPages(cache: PublicCache, build: (request: Request) => Promise<Built>) {
  return {
    /** The landing `url` asks for, or null when it is no mailed link's. */
    answer(url: URL): Promise<CachedAnswer> | null {
      const landing = newsletterLanding(url.searchParams) ?? registrationLanding(url.searchParams);
      if (!landing) return null;
      const kept = cache.get(`page:/?${landing.key}`, () => build(new Request(new URL(landing.path, url))));
      const { form } = landing;
      if (!form) return kept;
      return kept.then((answer) => toAnswer(new TextDecoder().decode(answer.body).replace(form.standIn, form.own), answer.contentType));
    },
  };
}
