// Where a mailed link lands (the newsletter's, a registration's cancel link): a notice at the top of the page, and for
// a link that changes something its one button, a plain form that works without JavaScript. The server renders it
// with the page (src/modules/site/page.ts), so it reads before the script loads.

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { button } from "@styled-system/recipes/button";
import { notice as noticeRecipe } from "@styled-system/recipes/notice";
import { Button } from "@web/components/ui/button.tsx";
import { CircleCheck, CircleX, Info } from "lucide-react";
import type { ReactNode } from "react";

const ICONS = { success: CircleCheck, error: CircleX, info: Info };

export type LandingNoticeProps = {
  id: string;
  title: string;
  /** Text, or (issue 32) text with a link to follow. */
  text: ReactNode;
  type: keyof typeof ICONS;
  /** The one button: posts `field=site` to `action`; `keep`: the way out beside it, to the page (issue 38). */
  form?: { action: string; field: string; label: string; keep?: string };
};

export function LandingNotice({ id, title, text, type, form }: LandingNoticeProps) {
  const Icon = ICONS[type];
  return (
    // Below the fixed header (80px high), on the colour the hero's gradient starts from.
    <section aria-labelledby={id} className={css({ pt: "28", bg: "bg.warm" })}>
      <div className={css({ maxW: "content", mx: "auto", px: "gutter" })}>
        <div className={cx(noticeRecipe({ type }), css({ fontSize: "md" }))}>
          <Icon size={24} aria-hidden className={css({ flexShrink: 0 })} />
          <div className={css({ display: "grid", gap: "2" })}>
            <h2 id={id} className={css({ fontFamily: "display", fontSize: "xl", fontWeight: "600" })}>
              {title}
            </h2>
            {text && <p>{text}</p>}
            {form && (
              <form method="post" action={form.action}>
                <input type="hidden" name={form.field} value="site" />
                <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
                  {form.keep && (
                    <a href="/" className={button({ variant: "outline" })}>
                      {form.keep}
                    </a>
                  )}
                  <Button type="submit">{form.label}</Button>
                </div>
              </form>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
