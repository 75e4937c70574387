// Weekly Classes (anchor "classes"): first 3, 'View All Classes' / 'Show Less'; level colours per spec §2.1.

import { classPath } from "@server/shared/links.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { card } from "@styled-system/recipes/card";
import { tag } from "@styled-system/recipes/tag";
import { ClassIcon } from "@web/components/class-icon.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { useDialogLink } from "@web/components/ui/dialog-link.ts";
import { RichText } from "@web/components/ui/rich-text.tsx";
import { cardGridStyle, Section } from "@web/components/ui/section.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import type { PublicClass } from "@web/lib/api-types.ts";
import { INITIAL_VISIBLE_CLASSES } from "@web/lib/constants.ts";
import { useClasses } from "@web/lib/queries/classes.ts";
import { useProfile } from "@web/lib/queries/profile.ts";
import { useOpenedOnce } from "@web/lib/use-opened-once.ts";
import { CalendarDays, Clock, MapPin } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { type ClassDate, ClassDates } from "./class-dates.tsx";

// A class's own dialog (its dates for the next weeks) loads when a link names it.
const ClassDialog = lazy(() => import("./class-dialog.tsx").then((module) => ({ default: module.ClassDialog })));

const LEVEL_TONE = { Beginner: "beginner", Intermediate: "intermediate", Advanced: "advanced" } as const;

/** Green Beginner, yellow Intermediate, red Advanced; None reads as open to all levels. */
function LevelBadge({ level }: { level: string }) {
  const tone = LEVEL_TONE[level as keyof typeof LEVEL_TONE];
  return (
    <span className={tag({ tone: tone ?? "neutral" })} data-testid="class-level" data-level={level}>
      {tone ? level : "All Levels"}
    </span>
  );
}

const row = css({ display: "flex", gap: "2.5", alignItems: "flex-start", "& svg": { color: "accent", flexShrink: 0, mt: "0.5" } });

type CardProps = { item: PublicClass; timezone: string; onOpen: () => void; onBook: (date: ClassDate) => void };

function ClassCard({ item, timezone, onOpen, onBook }: CardProps) {
  return (
    <article className={card()} data-testid="class-card" aria-labelledby={`class-${item.id}-title`}>
      <div className={css({ p: { base: "5", md: "6" }, display: "flex", flexDirection: "column", gap: "4", h: "full" })}>
        <div className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "3" })}>
          <span
            className={css({
              display: "grid",
              placeItems: "center",
              w: "12",
              h: "12",
              borderRadius: "full",
              bg: "accent.soft",
              color: "accent.strong",
            })}
          >
            <ClassIcon name={item.icon} />
          </span>
          <LevelBadge level={item.level} />
        </div>
        <h3 id={`class-${item.id}-title`} className={css({ fontSize: "xl", fontWeight: "600", color: "heading" })}>
          {item.name}
        </h3>
        <ul className={css({ display: "grid", gap: "1.5", fontSize: "sm", color: "ink.700" })}>
          <li className={row}>
            <CalendarDays size={16} aria-hidden />
            <span>{item.days}</span>
          </li>
          <li className={row}>
            <Clock size={16} aria-hidden />
            <span>{item.time}</span>
          </li>
          <li className={row}>
            <MapPin size={16} aria-hidden />
            <span>{item.location}</span>
          </li>
        </ul>
        <ClassDates item={item} timezone={timezone} onBook={onBook} />
        {item.schedule && (
          <a
            href={classPath(item.id)}
            onClick={(click) => {
              click.preventDefault();
              onOpen();
            }}
            className={css({ fontSize: "sm", fontWeight: "600", color: "accent.strong", textDecoration: "underline" })}
          >
            All dates<span className={css({ srOnly: true })}> of {item.name}</span>
          </a>
        )}
        <RichText
          html={item.description}
          className={css({ color: "fg.muted", fontSize: "sm", pt: "3", borderTopWidth: "1px", borderColor: "border" })}
        />
      </div>
    </article>
  );
}

export function ClassesSection() {
  const { data, isPending, isError } = useClasses();
  const timezone = useProfile().data?.timezone ?? "";
  // The open dialog is the one the address names (/?class=<id>).
  const { linked, open, close } = useDialogLink();
  const linkedId = linked?.kind === "class" ? linked.id : null;
  const dialogMounted = useOpenedOnce(linkedId !== null);
  const [expanded, setExpanded] = useState(false);
  // The date whose booking form the dialog shows ('Book' on a card opens the class's dialog at that date).
  const [booking, setBooking] = useState<ClassDate | null>(null);
  const classes = data ?? [];
  const visible = expanded ? classes : classes.slice(0, INITIAL_VISIBLE_CLASSES);

  return (
    <Section
      id="classes"
      eyebrow="Every week"
      title="Weekly Classes"
      intro="Yoga, meditation, chanting and study, in the hall in Fitzroy and online. Drop in: everyone is welcome."
    >
      {isPending ? (
        <div className={cardGridStyle} aria-busy="true">
          <span className={css({ srOnly: true })}>Loading classes</span>
          {Array.from({ length: INITIAL_VISIBLE_CLASSES }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
            <Skeleton key={i} className={css({ h: "72" })} />
          ))}
        </div>
      ) : isError ? (
        <p className={css({ color: "fg.muted" })}>The classes could not be loaded. Please try again later.</p>
      ) : classes.length === 0 ? (
        <p className={css({ color: "fg.muted" })}>No classes are scheduled at the moment.</p>
      ) : (
        <>
          <div className={cardGridStyle} data-testid="classes-list">
            {visible.map((item) => (
              <ClassCard
                key={item.id}
                item={item}
                timezone={timezone}
                onOpen={() => {
                  setBooking(null);
                  open(classPath(item.id));
                }}
                onBook={(date) => {
                  setBooking(date);
                  open(classPath(item.id));
                }}
              />
            ))}
          </div>
          {(classes.length > INITIAL_VISIBLE_CLASSES || expanded) && (
            <div className={css({ mt: "10", display: "flex", justifyContent: "center" })}>
              <Button variant="outline" size="lg" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
                {expanded ? "Show Less" : "View All Classes"}
              </Button>
            </div>
          )}
          <p className={css({ mt: "8", textAlign: "center", color: "fg.muted" })}>
            Coming every week? Class passes, your bookings and your credits are on{" "}
            <a href="/practice" className={css({ color: "accent.strong", textDecoration: "underline", fontWeight: "600" })}>
              My practice
            </a>
            .
          </p>
        </>
      )}
      {dialogMounted && (
        <Suspense fallback={null}>
          <ClassDialog item={classes.find((item) => item.id === linkedId) ?? null} booking={booking} onBook={setBooking} onClose={close} />
        </Suspense>
      )}
    </Section>
  );
}
