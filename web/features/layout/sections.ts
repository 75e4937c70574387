// The five in-page anchors of spec §2.1, in the order the header and the footer list them.
export const NAV_SECTIONS = [
  { id: "home", label: "Home" },
  { id: "events", label: "Events" },
  { id: "classes", label: "Classes" },
  { id: "archives", label: "Archives" },
  { id: "contact", label: "Contact" },
] as const;

export type SectionId = (typeof NAV_SECTIONS)[number]["id"];
