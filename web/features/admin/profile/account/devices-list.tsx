// The signed-in devices (issue 22 item 4): browser and system in words, address, first and last seen, 'This device';
// 'Sign out' for each and 'Sign out everywhere'.

import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Checkbox } from "@web/components/ui/field.tsx";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "../../shared/confirm-dialog.tsx";
import { formatDateTime } from "../../shared/format.ts";
import { listRow, Muted } from "../../shared/layout.tsx";
import { notifyError, notifySuccess } from "../../shared/notify.ts";
import { devicesQueryOptions, useSignOutDevice, useSignOutEverywhere } from "./api.ts";

const badge = css({ bg: "accent.soft", color: "accent.strong", borderRadius: "full", px: "2", py: "0.5", fontSize: "xs", fontWeight: "600" });

export function DevicesList() {
  const query = useQuery(devicesQueryOptions());
  const signOut = useSignOutDevice();
  const everywhere = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  const [removePasskeys, setRemovePasskeys] = useState(false);
  if (query.isPending) return <Muted>Loading devices...</Muted>;
  if (query.isError) return <Muted>The devices could not be loaded.</Muted>;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <ul aria-label="Signed-in devices" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        {query.data.map((device) => (
          <li key={device.id} className={listRow}>
            <div className={css({ minW: "0" })}>
              <p className={css({ fontWeight: "600", display: "flex", gap: "2", alignItems: "center" })}>
                {device.device}
                {device.current && <span className={badge}>This device</span>}
              </p>
              <Muted>
                {device.ip} · first seen {formatDateTime(device.firstSeen)} · last seen {formatDateTime(device.lastSeen)}
              </Muted>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Sign out ${device.device}${device.current ? " (this device)" : ""}`}
              disabled={signOut.isPending}
              // Signing out this device: the list's reload is answered 401, which returns to the login card.
              onClick={() =>
                signOut.mutate(device.id, {
                  onSuccess: () => notifySuccess("Signed out", "That device is signed out."),
                  onError: (error) => notifyError(error, "Failed to sign out the device"),
                })
              }
            >
              Sign out
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <LogOut size={16} aria-hidden />
          Sign out everywhere
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere"
        description="Every device is signed out, this one too; each will need the password (and, with mail on, a code) again."
        confirmLabel="Sign out everywhere"
        pendingLabel="Signing out..."
        pending={everywhere.isPending}
        onConfirm={() => everywhere.mutate(removePasskeys, { onError: (error) => notifyError(error, "Failed to sign out everywhere") })}
      >
        <Checkbox label="Also remove all passkeys" checked={removePasskeys} onChange={(event) => setRemovePasskeys(event.target.checked)} />
      </ConfirmDialog>
    </div>
  );
}
