// My practice's shared styles: a card and a list of rows.
import { css } from "@styled-system/css" with { type: "macro" };

export const cardStyle = css({
  display: "flex",
  flexDirection: "column",
  gap: "4",
  bg: "surface",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "card",
  p: { base: "4", md: "6" },
});
export const headingStyle = css({ fontSize: "xl", fontWeight: "600", color: "heading" });
export const rowsStyle = css({ display: "flex", flexDirection: "column", gap: "3", listStyle: "none", p: "0", m: "0" });
export const rowStyle = css({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "3",
  py: "3",
  borderTopWidth: "1px",
  borderColor: "border",
});
export const mutedStyle = css({ color: "fg.muted", fontSize: "sm" });
