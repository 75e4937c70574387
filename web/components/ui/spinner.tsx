import { css } from "@styled-system/css" with { type: "macro" };
import { LoaderCircle } from "lucide-react";

const spin = css({ animation: "spin 1s linear infinite" });

/** A small busy indicator; hidden from screen readers (the button's text says what is happening). */
export const Spinner = ({ size = 16 }: { size?: number }) => <LoaderCircle size={size} aria-hidden className={spin} data-testid="spinner" />;
