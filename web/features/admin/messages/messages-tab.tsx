// Messages tab (spec §2.2): unread/total counts, cards with an accent border when unread, view, mark as read, delete;
// a page at a time, searched and filtered to the unread on the server (issue 33).

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { badge } from "@styled-system/recipes";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { Check, Eye, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../shared/confirm-dialog.tsx";
import { formatDateTime } from "../shared/format.ts";
import { CardActions, ItemCard, Muted, Panel, StateText } from "../shared/layout.tsx";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import { formatCount, ListCount, ListFilters, ListPager, useListQuery } from "../shared/paged-list.tsx";
import { type Message, messagesPageQueryOptions, useDeleteMessage, useMarkMessageRead } from "./api.ts";

const SHOW_OPTIONS = [
  { value: "all", label: "All messages" },
  { value: "unread", label: "Unread only" },
];
type Show = "all" | "unread";

/** What the list shows when no message matches: the spec's empty text, or what was looked for. */
function noneText(all: number, search: string, unread: boolean) {
  if (search) return `No ${unread ? "unread " : ""}messages match "${search}"`;
  return unread && all ? "No unread messages" : "No messages found";
}

export function MessagesTab() {
  const list = useListQuery<{ show: Show }>({ show: "all" });
  const unreadOnly = list.filters.show === "unread";
  const query = useQuery(messagesPageQueryOptions({ search: list.query.search, unread: unreadOnly, page: list.query.page }));
  const markRead = useMarkMessageRead();
  const remove = useDeleteMessage();
  // The message in the dialog, as last read: it stays open when marking it read takes it off an 'Unread only' page.
  const [viewed, setViewed] = useState<Message | null>(null);
  const markAsRead = (id: number) =>
    markRead.mutate(id, {
      onSuccess: (updated) => {
        notifySuccess("Message marked as read");
        setViewed((shown) => (shown?.id === updated.id ? updated : shown));
      },
      onError: (error) => notifyError(error, "Failed to mark message as read"),
    });
  const [deleting, setDeleting] = useState<Message | null>(null);

  useEffect(() => {
    if (query.isError) notifyError(query.error, "Failed to fetch messages");
  }, [query.isError, query.error]);

  const messages = query.data?.items ?? [];
  const counts = query.data?.counts;
  const viewing = (viewed && messages.find((message) => message.id === viewed.id)) ?? viewed;

  return (
    <Panel
      title="Messages"
      actions={
        <>
          <span className={badge({ tone: "accent" })}>{formatCount(counts?.unread ?? 0)} Unread</span>
          <span className={badge({ tone: "neutral" })}>{formatCount(counts?.all ?? 0)} Total</span>
        </>
      }
    >
      <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        <ListFilters label="Messages" search={list.search} onSearch={list.type}>
          <Select label="Show" options={SHOW_OPTIONS} value={list.filters.show} onValueChange={(show) => list.filter({ show: show as Show })} />
        </ListFilters>
        <ListCount data={query.data} one="message" many="messages" />
        {query.isPending ? (
          <StateText>Loading messages...</StateText>
        ) : !messages.length ? (
          <StateText>{noneText(counts?.all ?? 0, list.query.search, unreadOnly)}</StateText>
        ) : (
          // Busy while the next page or search is read (the page shown stays meanwhile).
          <ul
            aria-label="Messages"
            aria-busy={query.isPlaceholderData || undefined}
            className={css({ display: "flex", flexDirection: "column", gap: "3" })}
          >
            {messages.map((message) => (
              <ItemCard
                key={message.id}
                label={message.subject}
                className={cx(message.isRead ? undefined : css({ borderLeftWidth: "4px", borderLeftColor: "accent", bg: "cream.50" }))}
              >
                <div className={css({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: "2" })}>
                  <h3 className={cx(css({ overflowWrap: "anywhere" }), message.isRead ? css({ fontWeight: "600" }) : css({ fontWeight: "700" }))}>
                    {message.subject}
                  </h3>
                  <Muted>{formatDateTime(message.createdAt)}</Muted>
                </div>
                <Muted>
                  {message.name} ({message.email})
                </Muted>
                <CardActions>
                  {!message.isRead && (
                    <Button size="sm" variant="outline" disabled={markRead.isPending} onClick={() => markAsRead(message.id)}>
                      <Check size={14} aria-hidden />
                      Mark as Read
                    </Button>
                  )}
                  <Button size="sm" variant="outline" onClick={() => setViewed(message)}>
                    <Eye size={14} aria-hidden />
                    View
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setDeleting(message)}>
                    <Trash2 size={14} aria-hidden />
                    Delete
                  </Button>
                </CardActions>
              </ItemCard>
            ))}
          </ul>
        )}
        <ListPager data={query.data} label="Message pages" onPage={list.goTo} />
      </div>

      <Dialog.Root open={viewing !== null} onOpenChange={(details) => !details.open && setViewed(null)} lazyMount unmountOnExit>
        <Dialog.Content>
          {viewing && (
            <>
              <Dialog.Title>{viewing.subject}</Dialog.Title>
              <Dialog.Body>
                <dl className={css({ display: "grid", gridTemplateColumns: "auto 1fr", gap: "2", columnGap: "4", fontSize: "sm" })}>
                  <dt className={css({ fontWeight: "600" })}>From</dt>
                  <dd className={css({ overflowWrap: "anywhere" })}>
                    {viewing.name} ({viewing.email})
                  </dd>
                  <dt className={css({ fontWeight: "600" })}>Date</dt>
                  <dd>{formatDateTime(viewing.createdAt)}</dd>
                  <dt className={css({ fontWeight: "600" })}>Status</dt>
                  <dd>
                    <span className={badge({ tone: viewing.isRead ? "neutral" : "accent" })}>{viewing.isRead ? "Read" : "Unread"}</span>
                  </dd>
                </dl>
                <p className={css({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", bg: "bg.muted", p: "4", borderRadius: "control" })}>
                  {viewing.message}
                </p>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setViewed(null)}>
                  Close
                </Button>
                {!viewing.isRead && (
                  <Button variant="outline" disabled={markRead.isPending} onClick={() => markAsRead(viewing.id)}>
                    Mark as Read
                  </Button>
                )}
                <Button variant="danger" onClick={() => setDeleting(viewing)}>
                  Delete
                </Button>
              </Dialog.Footer>
            </>
          )}
        </Dialog.Content>
      </Dialog.Root>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Message"
        description="Are you sure you want to delete this message? This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess("Message deleted successfully");
              setDeleting(null);
              setViewed(null);
            },
            onError: (error) => notifyError(error, "Failed to delete message"),
          })
        }
      />
    </Panel>
  );
}
