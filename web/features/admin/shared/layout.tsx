// Layout parts shared by the admin tabs: a panel with its header, its titled parts, item cards, empty and loading states.

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { Button } from "@web/components/ui/button.tsx";
import { ChevronDown, ChevronUp } from "lucide-react";
import { type ReactNode, useState } from "react";

export function Panel({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className={css({ bg: "surface", borderRadius: "card", boxShadow: "card", p: { base: "4", md: "6" } })}>
      <header className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: "3", mb: "5" })}>
        <div>
          <h2 className={css({ fontSize: { base: "xl", md: "2xl" }, fontWeight: "600" })}>{title}</h2>
          {description && <p className={css({ color: "fg.muted", fontSize: "sm", mt: "1" })}>{description}</p>}
        </div>
        {actions && <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/**
 * A panel whose content is made only once it is opened (a long list, or reads the page need not make), with the
 * button that shows and hides it.
 */
export function DisclosurePanel({
  title,
  description,
  id,
  labels,
  children,
}: {
  title: string;
  description: ReactNode;
  id: string;
  labels: { show: string; hide: string };
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Panel
      title={title}
      description={description}
      actions={
        <Button variant="outline" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? <ChevronUp size={16} aria-hidden /> : <ChevronDown size={16} aria-hidden />}
          {open ? labels.hide : labels.show}
        </Button>
      }
    >
      <div id={id} hidden={!open}>
        {open && children}
      </div>
    </Panel>
  );
}

/** A titled part of a panel (the Data Sync tab's cards): an icon and a title, an optional action on the right. */
export function SubPanel({
  title,
  icon,
  status,
  action,
  children,
}: {
  title: string;
  icon: ReactNode;
  status?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h3 className={css({ display: "flex", alignItems: "center", gap: "2", fontSize: "lg", fontWeight: "700" })}>
      {icon}
      {title}
      {status}
    </h3>
  );
  return (
    <section
      aria-label={title}
      className={css({ borderWidth: "1px", borderColor: "border", borderRadius: "card", p: "5", display: "flex", flexDirection: "column", gap: "3" })}
    >
      {action ? (
        <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: "3" })}>
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

export function CardGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul
      aria-label={label}
      className={css({ display: "grid", gridTemplateColumns: { base: "1fr", md: "repeat(2, 1fr)", xl: "repeat(3, 1fr)" }, gap: "4" })}
    >
      {children}
    </ul>
  );
}

export function ItemCard({ children, className, label }: { children: ReactNode; className?: string; label: string }) {
  return (
    <li
      aria-label={label}
      className={cx(
        css({
          display: "flex",
          flexDirection: "column",
          gap: "2",
          p: "4",
          borderWidth: "1px",
          borderColor: "border",
          borderRadius: "card",
          bg: "surface",
          minW: "0",
        }),
        className,
      )}
    >
      {children}
    </li>
  );
}

export function CardActions({ children }: { children: ReactNode }) {
  return <div className={css({ display: "flex", flexWrap: "wrap", gap: "2", mt: "auto", pt: "2" })}>{children}</div>;
}

export function Muted({ children }: { children: ReactNode }) {
  return <p className={css({ color: "fg.muted", fontSize: "sm", overflowWrap: "anywhere" })}>{children}</p>;
}

export function StateText({ children }: { children: ReactNode }) {
  return <p className={css({ color: "fg.muted", textAlign: "center", py: "10" })}>{children}</p>;
}

export const formGrid = css({ display: "grid", gridTemplateColumns: { base: "1fr", md: "repeat(2, minmax(0, 1fr))" }, gap: "4" });
export const fullRow = css({ gridColumn: "1 / -1" });
/** An item of a bordered list (the account's devices and passkeys): its text, then its actions, wrapping when narrow. */
export const listRow = css({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "3",
  p: "3",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "control",
});
