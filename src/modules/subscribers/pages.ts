// The pages the newsletter's links open: a short answer on the site's own origin, with a way back to the site.
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, status = 200) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">Back to the site</a></p></main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

export const confirmedPage = () => page("Subscription confirmed", "<p>Thank you! You will receive our newsletter at this address.</p>");

export const invalidLinkPage = () => page("This link is not valid", "<p>It may be incomplete, or it belongs to an earlier subscription.</p>", 400);

/** The link in a newsletter's body: one button, so that a mail scanner following links unsubscribes nobody. */
export const unsubscribeFormPage = (action: string) =>
  page(
    "Unsubscribe from the newsletter",
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );

export const unsubscribedPage = () => page("You are unsubscribed", "<p>You will not receive our newsletter any more.</p>");
