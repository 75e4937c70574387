// Upcoming events (spec §2.1, §9): the first 3 with 'View All Events' / 'Show Less', and the preview rule — the
// description's first 150 characters and '...', and 'View More' only for a longer description, photos or an
// attachment. In happy-dom.

import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import type { PublicEvent as Event } from "@web/lib/api-types.ts";
import { eventsQueryOptions, firstEventsQueryOptions } from "@web/lib/queries/events.ts";
import { renderWithData, withDom } from "@web/test-dom.tsx";
import { MemoryRouter } from "react-router";
import { EventsSection } from "./events-section.tsx";

withDom();

afterEach(cleanup);

const LONG = "Breath, posture and stillness: ".repeat(6); // 186 characters
const event = (id: number, name: string, changes: Partial<Event> = {}): Event => ({
  id,
  name,
  type: "workshop",
  startDate: `2031-05-0${id}`,
  endDate: null,
  time: "10:00 am",
  location: "Fitzroy",
  description: "<p>A quiet morning.</p>",
  isHighlighted: false,
  registrationLink: null,
  attachmentName: null,
  attachmentFile: null,
  archiveDescription: null,
  images: [],
  year: null,
  capacity: null,
  registrationCloses: null,
  price: null,
  concessionPrice: null,
  byDonation: false,
  cancelledAt: null,
  cancelReason: null,
  createdAt: "2031-01-01T00:00:00.000Z",
  currency: "aud",
  placesLeft: null,
  registrationOpen: true,
  ...changes,
});

const EVENTS = [
  event(1, "Short and plain"),
  event(2, "Long description", { description: `<p>${LONG}</p>` }),
  event(3, "With photos", { images: ["/uploads/a.jpg"] }),
  event(4, "With a PDF", { attachmentFile: "/uploads/programme.pdf", attachmentName: "Programme" }),
];

const renderEvents = (events = EVENTS) =>
  renderWithData(
    <MemoryRouter>
      <EventsSection timezone="Australia/Melbourne" />
    </MemoryRouter>,
    // The page's first events and their count, and the list 'View All Events' asks for.
    [
      [firstEventsQueryOptions().queryKey, { events: events.slice(0, 3), total: events.length }],
      [eventsQueryOptions().queryKey, events],
    ],
  );
const card = (name: string) => screen.getByRole("article", { name });
const offersViewMore = (name: string) => within(card(name)).queryByRole("button", { name: `View More: ${name}` }) !== null;

describe("EventsSection", () => {
  test("places (issue 23): 'N places left', 'Fully booked' with 'Join the waiting list', 'Registration closed' without a button", () => {
    renderEvents([
      event(1, "Three left", { capacity: 10, placesLeft: 3 }),
      event(2, "Full up", { capacity: 10, placesLeft: 0 }),
      event(3, "Closed now", { capacity: 10, placesLeft: 4, registrationOpen: false }),
    ]);
    expect(within(card("Three left")).getByText("3 places left")).toBeTruthy();
    expect(within(card("Three left")).getByRole("button", { name: "Register for Three left" })).toBeTruthy();
    expect(within(card("Full up")).getByText("Fully booked")).toBeTruthy();
    expect(within(card("Full up")).getByRole("button", { name: "Join the waiting list for Full up" })).toBeTruthy();
    expect(within(card("Closed now")).getByText("Registration closed")).toBeTruthy();
    expect(within(card("Closed now")).queryByRole("button", { name: /Register|Join/ })).toBeNull();
  });

  test("the first 3; 'View All Events' shows all, 'Show Less' the first 3 again", () => {
    renderEvents();
    expect(screen.getAllByTestId("event-card")).toHaveLength(3);
    fireEvent.click(screen.getByRole("button", { name: "View All Events" }));
    expect(screen.getAllByTestId("event-card")).toHaveLength(4);
    fireEvent.click(screen.getByRole("button", { name: "Show Less" }));
    expect(screen.getAllByTestId("event-card")).toHaveLength(3);
  });

  test("no toggle with 3 events or fewer", () => {
    renderEvents(EVENTS.slice(0, 3));
    expect(screen.queryByRole("button", { name: "View All Events" })).toBeNull();
  });

  test("'View More' for a description over 150 characters, photos or an attachment, not otherwise", () => {
    renderEvents();
    fireEvent.click(screen.getByRole("button", { name: "View All Events" }));
    expect(offersViewMore("Short and plain")).toBe(false);
    expect(offersViewMore("Long description")).toBe(true);
    expect(offersViewMore("With photos")).toBe(true);
    expect(offersViewMore("With a PDF")).toBe(true);
  });

  test("a long description shows its first 150 characters and '...'; a short one is shown whole", () => {
    renderEvents();
    expect(within(card("Long description")).getByTestId("event-description").textContent).toBe(`${LONG.slice(0, 150)}...`);
    expect(within(card("Short and plain")).queryByTestId("event-description")).toBeNull();
    expect(within(card("Short and plain")).getByText("A quiet morning.")).toBeTruthy();
  });
});
