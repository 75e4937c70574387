// An icon for each of the ten class icon names (spec §3), on the public page and in the admin's list and picker;
// lotus and meditation are drawn for this site.

import type { ClassIcon as ClassIconName } from "@server/shared/constants.ts";
import { BookOpen, Flame, Heart, Moon, Music, PersonStanding, Sun, Wind } from "lucide-react";
import type { ReactElement } from "react";

type IconProps = { size?: number };

const stroke = { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;

const Lotus = ({ size = 24 }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden {...stroke}>
    <path d="M12 4c2 2.5 2.8 5.6 0 10-2.8-4.4-2-7.5 0-10Z" />
    <path d="M12 14c-1.3-3.8-4.3-5.6-7.5-5.3.3 3.7 3.4 5.6 7.5 5.3Z" />
    <path d="M12 14c1.3-3.8 4.3-5.6 7.5-5.3-.3 3.7-3.4 5.6-7.5 5.3Z" />
    <path d="M3 16.5c3 2 6 2.5 9 2.5s6-.5 9-2.5" />
  </svg>
);

const Meditation = ({ size = 24 }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden {...stroke}>
    <circle cx="12" cy="5" r="2" />
    <path d="M9 9.5h6l1 6" />
    <path d="M9 9.5l-1 6" />
    <path d="M4 19c2.5-2 5.5-2.6 8-2.6s5.5.6 8 2.6" />
    <path d="M8 13.5l-3 1.5M16 13.5l3 1.5" />
  </svg>
);

const ICONS: Record<ClassIconName, (props: IconProps) => ReactElement> = {
  book: (p) => <BookOpen {...p} aria-hidden />,
  yoga: (p) => <PersonStanding {...p} aria-hidden />,
  meditation: Meditation,
  lotus: Lotus,
  sun: (p) => <Sun {...p} aria-hidden />,
  moon: (p) => <Moon {...p} aria-hidden />,
  heart: (p) => <Heart {...p} aria-hidden />,
  breath: (p) => <Wind {...p} aria-hidden />,
  candle: (p) => <Flame {...p} aria-hidden />,
  chant: (p) => <Music {...p} aria-hidden />,
};

/** The icon of a class; unknown names fall back to the book (the default icon). */
export function ClassIcon({ name, size = 24 }: { name: string; size?: number }) {
  const Icon = ICONS[name as ClassIconName] ?? ICONS.book;
  return (
    <span data-icon={name in ICONS ? name : "book"} style={{ display: "inline-flex" }}>
      <Icon size={size} />
    </span>
  );
}
