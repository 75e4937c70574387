// Events tab (spec §2.2): every event, past ones marked so photos can be added afterwards, a page at a time, searched
// and filtered by the server (issue 33); registrations per event; create, edit, delete; and the hand-made archive
// entries below (no eighth tab).

import { formatDateRange, isPastEvent } from "@server/shared/dates.ts";
import { priceText } from "@server/shared/money.ts";
import type { EventInput } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { badge } from "@styled-system/recipes";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { ApiError } from "@web/lib/api.ts";
import type { Event } from "@web/lib/api-types.ts";
import { useProfile } from "@web/lib/queries/profile.ts";
import { CalendarDays, Clock, MapPin, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { localIsoDate } from "../shared/format.ts";
import { EditDeleteButtons, ItemDialogs, useItemEditing } from "../shared/item-dialogs.tsx";
import { CardActions, CardGrid, ItemCard, Muted, Panel, StateText } from "../shared/layout.tsx";
import { errorText, notifyError } from "../shared/notify.ts";
import { formatCount, ListCount, ListFilters, ListPager, useListQuery } from "../shared/paged-list.tsx";
import { type AdminEvent, type AdminEventsQuery, adminEventsPageQueryOptions, useCreateEvent, useDeleteEvent, useUpdateEvent } from "./api.ts";
import { ArchiveSection } from "./archive/archive-section.tsx";
import { EventForm } from "./event-form.tsx";
import { RegistrationsDialog } from "./registrations-dialog.tsx";

/** The count comes with the list (one request for every card); the dialog reads the registrations themselves. */
function RegistrationsButton({ event, onOpen }: { event: AdminEvent; onOpen: () => void }) {
  const count = event.registrationCount;
  const text = `${formatCount(count)} registration${count === 1 ? "" : "s"}`;
  // The name holds the visible text, so a voice user can say what they see (WCAG 2.5.3).
  const name = `Registrations for ${event.name}, ${text}`;
  return (
    <Button size="sm" variant="outline" onClick={onOpen} aria-label={name}>
      <Users size={14} aria-hidden />
      {text}
    </Button>
  );
}

const WHEN_OPTIONS = [
  { value: "all", label: "All events" },
  { value: "upcoming", label: "Upcoming events" },
  { value: "past", label: "Past events" },
] as const;

export function EventsTab() {
  const currency = useProfile().data?.payments?.currency ?? "aud";
  const list = useListQuery<Pick<AdminEventsQuery, "when">>({ when: "all" });
  const query = useQuery(adminEventsPageQueryOptions(list.query));
  const items = useItemEditing<Event, EventInput>(
    { create: useCreateEvent(), update: useUpdateEvent(), remove: useDeleteEvent() },
    {
      created: "Event created successfully",
      updated: "Event updated successfully",
      deleted: "Event deleted successfully",
      // A refused change of places says why (issue 23: never fewer places than confirmed registrants).
      failed: (error, call) =>
        call === "update" && error instanceof ApiError && error.status === 409
          ? `Failed to update event: ${errorText(error)}`
          : `Failed to ${call} event`,
    },
  );
  const [registrationsOf, setRegistrationsOf] = useState<Event | null>(null);

  useEffect(() => {
    if (query.isError) notifyError(query.error, "Failed to fetch events");
  }, [query.isError, query.error]);

  const today = localIsoDate();

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
      <Panel
        title="Events"
        description="Past events stay here so photos can be added after the event."
        actions={<Button onClick={() => items.startCreate()}>+ Create Event</Button>}
      >
        <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
          <ListFilters label="Events" search={list.search} onSearch={list.type}>
            <Select
              label="Show"
              options={WHEN_OPTIONS}
              value={list.filters.when}
              onValueChange={(when) => list.filter({ when: when as AdminEventsQuery["when"] })}
            />
          </ListFilters>
          <ListCount data={query.data} one="event" many="events" />
          {query.isPending ? (
            <StateText>Loading events...</StateText>
          ) : !query.data?.items.length ? (
            <StateText>No events found</StateText>
          ) : (
            <CardGrid label="Events">
              {query.data.items.map((event) => {
                const past = isPastEvent(event, today);
                return (
                  <ItemCard
                    key={event.id}
                    label={event.name}
                    className={cx(
                      event.isHighlighted
                        ? css({ borderTopWidth: "4px", borderTopColor: "accent" })
                        : css({ borderTopWidth: "1px", borderTopColor: "border" }),
                      past && css({ opacity: 0.92 }),
                    )}
                  >
                    <div className={css({ display: "flex", flexWrap: "wrap", gap: "1.5" })}>
                      {event.isHighlighted && <span className={badge({ tone: "accent" })}>Highlighted</span>}
                      {past && <span className={badge({ tone: "neutral" })}>Past</span>}
                      {event.cancelledAt && <span className={badge({ tone: "danger" })}>Cancelled</span>}
                      <span className={badge({ tone: "info" })}>{event.type}</span>
                    </div>
                    <h3 className={css({ fontWeight: "700", fontSize: "lg", overflowWrap: "anywhere" })}>{event.name}</h3>
                    <Muted>
                      <CalendarDays size={14} aria-hidden className={css({ display: "inline", mr: "1" })} />
                      {formatDateRange(event.startDate, event.endDate)}
                    </Muted>
                    <Muted>
                      <Clock size={14} aria-hidden className={css({ display: "inline", mr: "1" })} />
                      {event.time}
                    </Muted>
                    <Muted>
                      <MapPin size={14} aria-hidden className={css({ display: "inline", mr: "1" })} />
                      {event.location}
                    </Muted>
                    <Muted>{priceText(event, currency) ?? "Free"}</Muted>
                    <Muted>
                      {formatCount(event.confirmedCount + event.heldCount)} / {event.capacity === null ? "unlimited" : formatCount(event.capacity)}{" "}
                      places taken{event.heldCount ? ` (${formatCount(event.heldCount)} held for payment)` : ""} · {formatCount(event.waitingCount)}{" "}
                      waiting · {formatCount(event.cancelledCount)} cancelled
                    </Muted>
                    {event.images.length > 0 && (
                      <Muted>
                        {event.images.length} photo{event.images.length === 1 ? "" : "s"}
                      </Muted>
                    )}
                    <CardActions>
                      <RegistrationsButton event={event} onOpen={() => setRegistrationsOf(event)} />
                      <EditDeleteButtons name={event.name} onEdit={() => items.startEdit(event)} onDelete={() => items.startDelete(event)} />
                    </CardActions>
                  </ItemCard>
                );
              })}
            </CardGrid>
          )}
          <ListPager data={query.data} label="Event pages" onPage={list.goTo} />
        </div>
      </Panel>

      <ArchiveSection />

      <ItemDialogs
        items={items}
        titles={{ create: "Create Event", edit: "Edit Event", delete: "Delete Event" }}
        deleteDescription="Are you sure you want to delete this event? This action cannot be undone."
        wide
        form={(props) => <EventForm {...props} />}
      />

      <RegistrationsDialog event={registrationsOf} onClose={() => setRegistrationsOf(null)} />
    </div>
  );
}
