// The ten class icons of spec §3, drawn with lucide.
import { BookOpen, Brain, Flame, Flower2, Heart, Moon, Music, PersonStanding, Sun, Wind, type LucideIcon } from "lucide-react";
import type { ClassIcon } from "../../../../src/shared/constants.ts";

export const CLASS_ICON_COMPONENTS: Record<ClassIcon, LucideIcon> = {
  book: BookOpen,
  yoga: PersonStanding,
  meditation: Brain,
  lotus: Flower2,
  sun: Sun,
  moon: Moon,
  heart: Heart,
  breath: Wind,
  candle: Flame,
  chant: Music,
};

export function ClassIconView({ icon, size = 18 }: { icon: string; size?: number }) {
  const Icon = CLASS_ICON_COMPONENTS[icon as ClassIcon] ?? BookOpen;
  return <Icon size={size} aria-hidden />;
}
