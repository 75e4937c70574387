// The registrations of one event, with a CSV export.

import { slugify } from "@server/shared/slug.ts";
import type { Event } from "@server/shared/types.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Download } from "lucide-react";
import { downloadFile, formatDateTime, localIsoDate, toCsv } from "../shared/format.ts";
import { StateText } from "../shared/layout.tsx";
import { registrationsQueryOptions } from "./api.ts";

const cell = css({ px: "3", py: "2", textAlign: "left", borderBottomWidth: "1px", borderColor: "border", verticalAlign: "top" });

export function RegistrationsDialog({ event, onClose }: { event: Event | null; onClose: () => void }) {
  return (
    <Dialog.Root open={event !== null} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Dialog.Content className={css({ maxW: "4xl" })}>{event && <Registrations event={event} onClose={onClose} />}</Dialog.Content>
    </Dialog.Root>
  );
}

function Registrations({ event, onClose }: { event: Event; onClose: () => void }) {
  const query = useQuery(registrationsQueryOptions(event.id));
  const rows = query.data ?? [];
  const exportCsv = () => {
    const csv = toCsv([
      ["Name", "Email", "Phone", "Additional Info", "Registered On"],
      ...rows.map((row) => [row.name, row.email, row.phone, row.additionalInfo ?? "", new Date(row.createdAt).toLocaleString()]),
    ]);
    downloadFile(`registrations_${slugify(event.name, "event")}_${localIsoDate()}.csv`, csv, "text/csv;charset=utf-8");
  };
  return (
    <>
      <Dialog.Title>Registrations</Dialog.Title>
      <Dialog.Description>{event.name}</Dialog.Description>
      <Dialog.Body>
        {query.isPending ? (
          <StateText>Loading registrations...</StateText>
        ) : query.isError ? (
          <StateText>Failed to fetch registrations</StateText>
        ) : !rows.length ? (
          <StateText>No registrations yet</StateText>
        ) : (
          <div className={css({ overflowX: "auto" })}>
            <table className={css({ w: "full", minW: "640px", borderCollapse: "collapse", fontSize: "sm" })}>
              <thead className={css({ bg: "bg.muted" })}>
                <tr>
                  <th className={cell}>Name</th>
                  <th className={cell}>Email</th>
                  <th className={cell}>Phone</th>
                  <th className={cell}>Additional Info</th>
                  <th className={cell}>Registered On</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className={cell}>{row.name}</td>
                    <td className={cell}>{row.email}</td>
                    <td className={cell}>{row.phone}</td>
                    <td className={cell}>{row.additionalInfo}</td>
                    <td className={cell}>{formatDateTime(row.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button onClick={exportCsv} disabled={!rows.length}>
          <Download size={16} aria-hidden />
          Export CSV
        </Button>
      </Dialog.Footer>
    </>
  );
}
