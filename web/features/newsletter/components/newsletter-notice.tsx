// Where the newsletter's links land (issue 15): `/?newsletter=<state>` shows the outcome at the top of the page, and
// the unsubscribe link's page its one button, a plain form that works without JavaScript. The server renders it with
// the page (src/plugins/page.ts), so it reads before the script loads.

import { newsletterNotice, SITE_FORM_FIELD, unsubscribeAction } from "@server/shared/newsletter-links.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { notice as noticeRecipe } from "@styled-system/recipes/notice";
import { Button } from "@web/components/ui/button.tsx";
import { CircleCheck, CircleX, Info } from "lucide-react";
import { useSearchParams } from "react-router";

const NOTICES = {
  confirmed: {
    title: "Subscription confirmed",
    text: "Thank you! You will receive our newsletter at this address.",
    type: "success",
    Icon: CircleCheck,
  },
  invalid: { title: "This link is not valid", text: "It may be incomplete, or it belongs to an earlier subscription.", type: "error", Icon: CircleX },
  unsubscribe: { title: "Unsubscribe from the newsletter", text: "", type: "info", Icon: Info },
  unsubscribed: { title: "You are unsubscribed", text: "You will not receive our newsletter any more.", type: "success", Icon: CircleCheck },
} as const;

export function NewsletterNotice() {
  const [params] = useSearchParams();
  const notice = newsletterNotice(params);
  if (!notice) return null;
  const { title, text, type, Icon } = NOTICES[notice.state];
  return (
    // Below the fixed header (80px high), on the colour the hero's gradient starts from.
    <section aria-labelledby="newsletter-notice" className={css({ pt: "28", bg: "bg.warm" })}>
      <div className={css({ maxW: "content", mx: "auto", px: "gutter" })}>
        <div className={cx(noticeRecipe({ type }), css({ fontSize: "md" }))}>
          <Icon size={24} aria-hidden className={css({ flexShrink: 0 })} />
          <div className={css({ display: "grid", gap: "2" })}>
            <h2 id="newsletter-notice" className={css({ fontFamily: "display", fontSize: "xl", fontWeight: "600" })}>
              {title}
            </h2>
            {text && <p>{text}</p>}
            {notice.state === "unsubscribe" && (
              <form method="post" action={unsubscribeAction(notice.id, notice.token)}>
                <input type="hidden" name={SITE_FORM_FIELD} value="site" />
                <Button type="submit">Unsubscribe</Button>
              </form>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
