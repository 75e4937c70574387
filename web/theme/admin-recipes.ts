// Recipes of the admin area's Ark UI parts (tabs, select, switch, menu) and its badges.
import { defineRecipe, defineSlotRecipe } from "@pandacss/dev";

const tabs = defineSlotRecipe({
  className: "tabs",
  slots: ["root", "list", "trigger", "content", "indicator"],
  base: {
    root: { display: "flex", flexDirection: "column", gap: "6", w: "full" },
    list: {
      position: "relative",
      display: "flex",
      gap: "1",
      overflowX: "auto",
      // Only sideways: the triggers fill the row's height exactly, so it never shows a vertical scrollbar.
      overflowY: "hidden",
      scrollbarWidth: "thin",
      // The row's rule is an inset shadow, under the selected trigger's border: a real border with the triggers pulled
      // over it by a negative margin made the content 1px taller than the row (a stray vertical scrollbar).
      boxShadow: "inset 0 -1px 0 token(colors.border)",
      // Room for the focus ring of the first and last trigger.
      px: "1",
      pt: "1",
      // A shadow at each edge the row scrolls on to (issue 38: on a phone 'Money' and 'Data Sync' are past the edge):
      // the covers move with the content and the shadows stay, so a shadow shows only where more tabs are. CSS alone.
      background: [
        "linear-gradient(to right, token(colors.bg.muted) 40%, transparent) left / 32px 100% no-repeat local",
        "linear-gradient(to left, token(colors.bg.muted) 40%, transparent) right / 32px 100% no-repeat local",
        "radial-gradient(farthest-side at 0 50%, rgba(17, 21, 43, 0.28), transparent) left / 14px 100% no-repeat scroll",
        "radial-gradient(farthest-side at 100% 50%, rgba(17, 21, 43, 0.28), transparent) right / 14px 100% no-repeat scroll",
      ].join(", "),
    },
    trigger: {
      flexShrink: 0,
      display: "inline-flex",
      alignItems: "center",
      gap: "2",
      px: { base: "3", md: "4" },
      py: "2.5",
      fontSize: "sm",
      fontWeight: "600",
      color: "fg.muted",
      cursor: "pointer",
      borderBottomWidth: "2px",
      borderColor: "transparent",
      whiteSpace: "nowrap",
      _hover: { color: "fg" },
      _selected: { color: "accent.strong", borderColor: "accent" },
      _focusVisible: { outline: "3px solid", outlineColor: "saffron.300", outlineOffset: "-3px", borderRadius: "control" },
    },
    content: { _focusVisible: { outline: "3px solid", outlineColor: "saffron.300", outlineOffset: "4px" } },
    indicator: { display: "none" },
  },
});

const select = defineSlotRecipe({
  className: "select",
  slots: ["root", "label", "control", "trigger", "valueText", "indicator", "positioner", "content", "item", "itemText", "itemIndicator"],
  base: {
    root: { display: "flex", flexDirection: "column", gap: "1.5", w: "full" },
    label: { fontSize: "sm", fontWeight: "600", color: "fg" },
    control: { position: "relative" },
    trigger: {
      w: "full",
      display: "flex",
      alignItems: "center",
      justifyContent: "space-between",
      gap: "2",
      bg: "surface",
      borderWidth: "1px",
      borderColor: "border",
      borderRadius: "control",
      px: "3",
      h: "10",
      fontSize: "md",
      color: "fg",
      cursor: "pointer",
      textAlign: "left",
      _invalid: { borderColor: "danger" },
      _focusVisible: { outline: "3px solid", outlineColor: "saffron.300", outlineOffset: "2px" },
    },
    valueText: { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", _placeholder: { color: "fg.muted" } },
    indicator: { color: "fg.muted", display: "flex" },
    positioner: { zIndex: "popover!" },
    content: {
      bg: "surface",
      borderWidth: "1px",
      borderColor: "border",
      borderRadius: "control",
      boxShadow: "raised",
      p: "1",
      maxH: "64",
      overflowY: "auto",
      minW: "var(--reference-width)",
      _focusVisible: { outline: "none" },
    },
    item: {
      display: "flex",
      alignItems: "center",
      justifyContent: "space-between",
      gap: "2",
      px: "3",
      py: "2",
      borderRadius: "md",
      cursor: "pointer",
      fontSize: "sm",
      _highlighted: { bg: "bg.muted" },
      _checked: { fontWeight: "600" },
    },
    itemText: { display: "flex", alignItems: "center", gap: "2" },
    itemIndicator: { color: "accent" },
  },
});

const switchRecipe = defineSlotRecipe({
  className: "switch",
  slots: ["root", "control", "thumb", "label"],
  base: {
    root: { display: "inline-flex", alignItems: "center", gap: "3", cursor: "pointer", position: "relative" },
    control: {
      display: "inline-flex",
      alignItems: "center",
      flexShrink: 0,
      w: "11",
      h: "6",
      p: "0.5",
      borderRadius: "full",
      bg: "cream.300",
      transition: "background 0.15s",
      _checked: { bg: "accent" },
      _focusVisible: { outline: "3px solid", outlineColor: "saffron.300", outlineOffset: "2px" },
    },
    thumb: {
      w: "5",
      h: "5",
      borderRadius: "full",
      bg: "white",
      boxShadow: "sm",
      transition: "transform 0.15s",
      _checked: { transform: "translateX(20px)" },
    },
    label: { fontSize: "sm", fontWeight: "600", color: "fg" },
  },
});

const menu = defineSlotRecipe({
  className: "menu",
  slots: ["positioner", "content", "item", "separator"],
  base: {
    positioner: { zIndex: "popover!" },
    content: {
      bg: "surface",
      borderWidth: "1px",
      borderColor: "border",
      borderRadius: "control",
      boxShadow: "raised",
      p: "1",
      minW: "40",
      _focusVisible: { outline: "none" },
    },
    item: {
      display: "flex",
      alignItems: "center",
      gap: "2",
      px: "3",
      py: "2",
      borderRadius: "md",
      cursor: "pointer",
      fontSize: "sm",
      _highlighted: { bg: "bg.muted" },
      "&[data-variant=danger]": { color: "danger" },
    },
    separator: { my: "1", borderTopWidth: "1px", borderColor: "border" },
  },
});

/**
 * The admin's tables: one card per row, each value beside its column's name (the cell's `data-label`), until the screen
 * is wide enough for the columns side by side: from `md`, or from `lg` for tables of many columns. (Media, not
 * container, queries: the Nu HTML Checker of tests/e2e/html-validity does not know `@container`.)
 */
const tableFrom = (breakpoint: "md" | "lg") => ({
  table: { [breakpoint]: { display: "table" } },
  head: { [breakpoint]: { srOnly: false, display: "table-header-group" } },
  body: { [breakpoint]: { display: "table-row-group" } },
  row: { [breakpoint]: { display: "table-row", borderWidth: "0", borderRadius: "0", p: "0" } },
  cell: { [breakpoint]: { display: "table-cell", borderBottomWidth: "1px", py: "2.5", "&[data-label]::before": { display: "none" } } },
  // Each column is as wide as its longest word at least: the table scrolls inside its frame before a word breaks.
  value: { [breakpoint]: { overflowWrap: "break-word" } },
});

const dataTable = defineSlotRecipe({
  className: "data-table",
  slots: ["frame", "table", "head", "body", "row", "header", "cell", "value"],
  base: {
    // A last resort: a table too wide for its frame scrolls inside it, never the page.
    frame: { w: "full", overflowX: "auto" },
    table: { display: "block", w: "full", borderCollapse: "collapse", fontSize: "sm" },
    head: { srOnly: true, bg: "bg.muted" },
    body: { display: "flex", flexDirection: "column", gap: "3" },
    row: { display: "block", borderWidth: "1px", borderColor: "border", borderRadius: "card", p: "2" },
    header: { px: "3", py: "2.5", textAlign: "left", fontWeight: "600", borderBottomWidth: "1px", borderColor: "border", verticalAlign: "top" },
    cell: {
      display: "flex",
      flexWrap: "wrap",
      columnGap: "3",
      alignItems: "baseline",
      px: "3",
      py: "1.5",
      textAlign: "left",
      verticalAlign: "top",
      borderColor: "border",
      // Seen, not read: a screen reader has the table's own headers (the alternative text after `/` is empty).
      "&[data-label]::before": { content: 'attr(data-label) / ""', fontWeight: "600", minW: "28", flexShrink: 0 },
    },
    // One box for the cell's content: on a phone it stands beside its column's name when it fits there, and goes under
    // it when not, so a word breaks only when it cannot fit on a line of its own (issue 38: "Confi-rmed" read badly);
    // an address wraps after its `@` (EmailText).
    value: { flex: "1 1 auto", minW: "0", overflowWrap: "anywhere" },
  },
  variants: {
    columns: { few: tableFrom("md"), many: tableFrom("lg") },
  },
  defaultVariants: { columns: "few" },
});

const badge = defineRecipe({
  className: "badge",
  base: {
    display: "inline-flex",
    alignItems: "center",
    gap: "1",
    px: "2",
    py: "0.5",
    borderRadius: "full",
    fontSize: "xs",
    fontWeight: "600",
    whiteSpace: "nowrap",
    lineHeight: "1.4",
  },
  variants: {
    tone: {
      neutral: { bg: "bg.muted", color: "fg.muted" },
      accent: { bg: "accent.soft", color: "accent.strong" },
      success: { bg: "success.soft", color: "success" },
      danger: { bg: "danger.soft", color: "danger" },
      beginner: { bg: "level.beginner.soft", color: "level.beginner" },
      intermediate: { bg: "level.intermediate.soft", color: "level.intermediate" },
      advanced: { bg: "level.advanced.soft", color: "level.advanced" },
      info: { bg: "indigo.50", color: "indigo.700" },
    },
  },
  defaultVariants: { tone: "neutral" },
});

export const adminRecipes = { badge };
export const adminSlotRecipes = { tabs, select, toggleSwitch: switchRecipe, menu, dataTable };
