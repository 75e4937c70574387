// Notifications tab 'Manage Notifications' (spec §2.2): table with type icon, message, link, dates and a status
// computed at display time (spec §4); create, edit, delete.

import { formatLongDate } from "@server/shared/dates.ts";
import type { NotificationInput } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { badge } from "@styled-system/recipes";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import type { Notification } from "@web/lib/api-types.ts";
import { NOTIFICATION_FORM_TYPES } from "@web/lib/constants.ts";
import { AlertTriangle, Bell, CheckCircle2, ExternalLink, Info, Pencil, Plus, Trash2, XCircle } from "lucide-react";
import { useEffect } from "react";
import { DataTable } from "../shared/data-table.tsx";
import { localIsoDate } from "../shared/format.ts";
import { ItemDialogs, useItemEditing } from "../shared/item-dialogs.tsx";
import { Panel, StateText } from "../shared/layout.tsx";
import { errorText, notifyError } from "../shared/notify.ts";
import { adminNotificationsQueryOptions, useCreateNotification, useDeleteNotification, useUpdateNotification } from "./api.ts";
import { NotificationForm } from "./notification-form.tsx";

/** Active only when switched on, started, and not ended (spec §4); dates compare as local calendar days. */
function isNotificationActive(item: Notification, today = localIsoDate()): boolean {
  return item.isActive && item.startDate <= today && (!item.endDate || item.endDate >= today);
}

// The list styles info, success, warning and error; anything else shows as info (spec §3).
const TYPE_STYLES = {
  info: { icon: Info, className: css({ color: "indigo.500" }) },
  success: { icon: CheckCircle2, className: css({ color: "success" }) },
  warning: { icon: AlertTriangle, className: css({ color: "saffron.600" }) },
  error: { icon: XCircle, className: css({ color: "danger" }) },
} as const;

const typeLabel = (type: string) => {
  const known = NOTIFICATION_FORM_TYPES.find((item) => item.value === type);
  return known && known.value !== "info" ? `${known.label} (${type})` : type;
};

export function NotificationsTab() {
  const query = useQuery(adminNotificationsQueryOptions());
  const items = useItemEditing<Notification, NotificationInput>(
    { create: useCreateNotification(), update: useUpdateNotification(), remove: useDeleteNotification() },
    {
      created: "Notification created successfully",
      updated: "Notification updated successfully",
      deleted: "Notification deleted successfully",
      failed: (error, call) => `Failed to ${call} notification: ${errorText(error)}`,
    },
  );

  useEffect(() => {
    if (query.isError) notifyError(query.error, "Failed to fetch notifications");
  }, [query.isError, query.error]);

  const notifications = query.data ?? [];
  const today = localIsoDate();

  return (
    <Panel
      title="Manage Notifications"
      actions={
        <Button onClick={() => items.startCreate()}>
          <Plus size={16} aria-hidden />
          Add New Notification
        </Button>
      }
    >
      {query.isPending ? (
        <StateText>Loading notifications...</StateText>
      ) : !notifications.length ? (
        <div className={css({ textAlign: "center", py: "10", display: "flex", flexDirection: "column", alignItems: "center", gap: "2" })}>
          <Bell size={32} aria-hidden className={css({ color: "fg.muted" })} />
          <h3 className={css({ fontWeight: "700", fontSize: "lg" })}>No notifications</h3>
          <p className={css({ color: "fg.muted" })}>Get started by creating a new notification.</p>
          <Button className={css({ mt: "2" })} onClick={() => items.startCreate()}>
            <Plus size={16} aria-hidden />
            Add Notification
          </Button>
        </div>
      ) : (
        <DataTable
          columns={[
            { header: "Message", show: "plain", cell: (item) => <NotificationMessage item={item} /> },
            { header: "Type", cell: (item) => typeLabel(item.type) },
            { header: "Start Date", cell: (item) => formatLongDate(item.startDate) },
            { header: "End Date", cell: (item) => (item.endDate ? formatLongDate(item.endDate) : "None") },
            {
              header: "Status",
              cell: (item) => {
                const active = isNotificationActive(item, today);
                return <span className={badge({ tone: active ? "success" : "neutral" })}>{active ? "Active" : "Inactive"}</span>;
              },
            },
            {
              header: "Actions",
              show: "hiddenHeader",
              cell: (item) => (
                <div className={css({ display: "flex", gap: "1" })}>
                  <Button size="sm" variant="ghost" aria-label="Edit notification" onClick={() => items.startEdit(item)}>
                    <Pencil size={16} aria-hidden />
                  </Button>
                  <Button size="sm" variant="ghost" aria-label="Delete notification" onClick={() => items.startDelete(item)}>
                    <Trash2 size={16} aria-hidden />
                  </Button>
                </div>
              ),
            },
          ]}
          rows={notifications}
          rowKey={(item) => item.id}
          rowProps={(item) => ({ "data-type": item.type })}
          many
        />
      )}

      <ItemDialogs
        items={items}
        titles={{ create: "Create New Notification", edit: "Edit Notification", delete: "Are you sure?" }}
        deleteDescription="This will permanently delete this notification."
        form={(props) => <NotificationForm {...props} />}
      />
    </Panel>
  );
}

/** The notice as the site shows it, with its icon and its link. */
function NotificationMessage({ item }: { item: Notification }) {
  const style = TYPE_STYLES[item.type as keyof typeof TYPE_STYLES] ?? TYPE_STYLES.info;
  const Icon = style.icon;
  return (
    <div className={css({ display: "flex", gap: "2", alignItems: "flex-start", flex: "1", minW: "0" })}>
      <Icon size={18} aria-label={item.type} className={cx(style.className, css({ flexShrink: 0, mt: "0.5" }))} />
      <div
        className={css({
          flex: "1",
          minW: "0",
          overflowWrap: "anywhere",
          "& a": { color: "accent.strong", textDecoration: "underline" },
          "& p": { m: 0 },
        })}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rich text is sanitised by the server on write
        dangerouslySetInnerHTML={{ __html: item.message }}
      />
      {item.link && (
        <a
          href={item.link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Open link in a new tab"
          className={css({ color: "accent.strong", flexShrink: 0 })}
        >
          <ExternalLink size={16} aria-hidden />
        </a>
      )}
    </div>
  );
}
