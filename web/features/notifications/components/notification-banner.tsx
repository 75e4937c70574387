// Site-wide notices (spec §2.1, §4): icon by type, HTML message, optional 'Learn more' in a new tab, and a close
// button remembered in local storage (read and written only in effects and handlers).

import { css } from "@styled-system/css" with { type: "macro" };
import { notice } from "@styled-system/recipes/notice";
import { RichText } from "@web/components/ui/rich-text.tsx";
import { DISMISSED_NOTIFICATIONS_KEY } from "@web/lib/constants.ts";
import { useNotifications } from "@web/lib/queries/notifications.ts";
import { Bell, CircleCheck, CircleX, ExternalLink, Info, Megaphone, TriangleAlert, X } from "lucide-react";
import { type ComponentType, useEffect, useState } from "react";
import { type BannerType, bannerType, orderNotifications } from "../order.ts";

const ICONS: Record<BannerType, ComponentType<{ size?: number; "aria-hidden"?: boolean }>> = {
  "priority-1": Megaphone,
  "priority-2": TriangleAlert,
  "priority-3": Bell,
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleX,
};

function readDismissed(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DISMISSED_NOTIFICATIONS_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === "number") : [];
  } catch {
    return [];
  }
}

export function NotificationBanner() {
  const { data } = useNotifications();
  // The server renders every notice (the page is the same for all visitors, and readable without JavaScript); the
  // ones this visitor closed go once the stored list is read, right after hydration.
  const [dismissed, setDismissed] = useState<number[]>([]);
  useEffect(() => {
    const stored = readDismissed();
    if (stored.length) setDismissed(stored);
  }, []);

  if (!data) return null;
  const visible = orderNotifications(data).filter((item) => !dismissed.includes(item.id));
  if (visible.length === 0) return null;

  const dismiss = (id: number) => {
    const next = [...new Set([...readDismissed(), id])];
    try {
      localStorage.setItem(DISMISSED_NOTIFICATIONS_KEY, JSON.stringify(next));
    } catch {}
    setDismissed(next);
  };

  return (
    <aside aria-label="Notices" data-testid="notifications" className={css({ bg: "bg", py: "5" })}>
      <ul className={css({ maxW: "content", mx: "auto", px: "gutter", display: "grid", gap: "2.5" })}>
        {visible.map((item) => {
          const type = bannerType(item.type);
          const Icon = ICONS[type];
          return (
            <li key={item.id} data-testid="notification" data-type={item.type} className={notice({ type })}>
              <span className={css({ mt: "0.5", flexShrink: 0 })}>
                <Icon size={20} aria-hidden />
              </span>
              <div
                className={css({ flex: "1", display: "flex", flexWrap: "wrap", gap: "1 4", alignItems: "baseline", "& a": { color: "inherit!" } })}
              >
                <RichText html={item.message} className={css({ fontWeight: "500" })} />
                {item.link && (
                  <a
                    href={item.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={css({
                      display: "inline-flex",
                      alignItems: "center",
                      gap: "1",
                      fontWeight: "700",
                      textDecoration: "underline",
                      textUnderlineOffset: "3px",
                      whiteSpace: "nowrap",
                    })}
                  >
                    Learn more <ExternalLink size={14} aria-hidden />
                    <span className={css({ srOnly: true })}> (opens in a new tab)</span>
                  </a>
                )}
              </div>
              <button
                type="button"
                onClick={() => dismiss(item.id)}
                aria-label="Dismiss notice"
                className={css({
                  flexShrink: 0,
                  display: "grid",
                  placeItems: "center",
                  w: "8",
                  h: "8",
                  mt: "-1",
                  mr: "-1",
                  borderRadius: "control",
                  cursor: "pointer",
                  opacity: 0.85,
                  _hover: { opacity: 1, bg: "rgba(0,0,0,0.08)" },
                })}
              >
                <X size={18} aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
