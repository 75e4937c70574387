// Messages tab (spec §2.2): unread/total counts, cards with an accent border when unread, view, mark as read, delete.

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { badge } from "@styled-system/recipes";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Check, Eye, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../shared/confirm-dialog.tsx";
import { formatDateTime } from "../shared/format.ts";
import { CardActions, ItemCard, Muted, Panel, StateText } from "../shared/layout.tsx";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import { type Message, messagesQueryOptions, useDeleteMessage, useMarkMessageRead } from "./api.ts";

export function MessagesTab() {
  const query = useQuery(messagesQueryOptions());
  const markRead = useMarkMessageRead();
  const remove = useDeleteMessage();
  const markAsRead = (id: number) =>
    markRead.mutate(id, {
      onSuccess: () => notifySuccess("Message marked as read"),
      onError: (error) => notifyError(error, "Failed to mark message as read"),
    });
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);

  useEffect(() => {
    if (query.isError) notifyError(query.error, "Failed to fetch messages");
  }, [query.isError, query.error]);

  const messages = query.data ?? [];
  const unread = messages.filter((message) => !message.isRead).length;
  const viewing = messages.find((message) => message.id === viewingId) ?? null;

  return (
    <Panel
      title="Messages"
      actions={
        <>
          <span className={badge({ tone: "accent" })}>{unread} Unread</span>
          <span className={badge({ tone: "neutral" })}>{messages.length} Total</span>
        </>
      }
    >
      {query.isPending ? (
        <StateText>Loading messages...</StateText>
      ) : !messages.length ? (
        <StateText>No messages found</StateText>
      ) : (
        <ul aria-label="Messages" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
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
                <Button size="sm" variant="outline" onClick={() => setViewingId(message.id)}>
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

      <Dialog.Root open={viewing !== null} onOpenChange={(details) => !details.open && setViewingId(null)} lazyMount unmountOnExit>
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
                <Button variant="outline" onClick={() => setViewingId(null)}>
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
              setViewingId(null);
            },
            onError: (error) => notifyError(error, "Failed to delete message"),
          })
        }
      />
    </Panel>
  );
}
