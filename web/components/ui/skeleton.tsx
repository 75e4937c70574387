import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";

/** A calm shimmering placeholder block (the shimmer stops under prefers-reduced-motion). */
const skeletonStyle = css({
  bg: "cream.200",
  borderRadius: "control",
  animation: "pulse 1.6s ease-in-out infinite",
});

export const Skeleton = ({ className }: { className?: string }) => <div aria-hidden className={cx(skeletonStyle, className)} />;
