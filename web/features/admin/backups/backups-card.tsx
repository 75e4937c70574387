// The 'Backups' card for the Data Sync tab (issue 7): the backups kept in DATA_DIR/backups, each downloadable and
// restorable (after a confirmation), and 'Back up now'. Self-contained: mount it anywhere in the admin area.

import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { toast } from "@web/components/ui/toast.tsx";
import { IMPORT_RELOAD_DELAY_MS } from "@web/lib/constants.ts";
import { ArchiveRestore, DatabaseBackup, Download, HardDriveDownload } from "lucide-react";
import { useState } from "react";
import { formatDateTime } from "../shared/format.ts";
import { SubPanel } from "../shared/layout.tsx";
import { errorText, notifyError } from "../shared/notify.ts";
import { type BackupInfo, backupsQueryOptions, downloadBackup, formatSize, KIND_LABELS, useRestoreBackup, useTakeBackup } from "./api.ts";

const muted = css({ color: "fg.muted", fontSize: "sm" });

const fail = (title: string, error: unknown) => notifyError(error, errorText(error) || "Unknown error occurred", title);

export function BackupsCard() {
  const backups = useQuery(backupsQueryOptions());
  const takeBackup = useTakeBackup();
  const restoreBackup = useRestoreBackup();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<BackupInfo | null>(null);

  const backUpNow = async () => {
    setBusy("new");
    try {
      const answer = await takeBackup.mutateAsync();
      toast({ title: "Backup taken", description: answer.message });
    } catch (error) {
      fail("Backup Failed", error);
    } finally {
      setBusy(null);
    }
  };

  const download = async (backup: BackupInfo) => {
    setBusy(`download:${backup.name}`);
    try {
      await downloadBackup(backup.name);
    } catch (error) {
      fail("Download Failed", error);
    } finally {
      setBusy(null);
    }
  };

  const restore = async () => {
    if (!confirming) return;
    setBusy(`restore:${confirming.name}`);
    try {
      const answer = await restoreBackup.mutateAsync(confirming.name);
      toast({ title: "Backup restored", description: `${answer.message} The page will reload.` });
      setTimeout(() => window.location.reload(), IMPORT_RELOAD_DELAY_MS);
    } catch (error) {
      fail("Restore Failed", error);
      setBusy(null);
    }
  };

  const list = backups.data ?? [];

  return (
    <SubPanel
      title="Backups"
      icon={<DatabaseBackup size={18} aria-hidden />}
      action={
        <Button size="sm" onClick={backUpNow} disabled={busy !== null}>
          <HardDriveDownload size={16} aria-hidden />
          {busy === "new" ? "Backing up..." : "Back up now"}
        </Button>
      }
    >
      <p className={muted}>
        A copy of the database and the uploaded files is taken every day and before every import or restore. The 7 newest daily backups are kept, and
        10 of each other kind.
      </p>
      {backups.isPending ? (
        <p className={muted}>Loading backups...</p>
      ) : backups.isError ? (
        <p className={muted}>Failed to load backups: {errorText(backups.error)}</p>
      ) : list.length === 0 ? (
        <p className={muted}>No backups yet.</p>
      ) : (
        <ul aria-label="Backups kept" className={css({ display: "flex", flexDirection: "column", divideY: "1px", divideColor: "border" })}>
          {list.map((backup) => (
            <li
              key={backup.name}
              aria-label={`${KIND_LABELS[backup.kind]} backup of ${formatDateTime(backup.createdAt)}`}
              className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: "2", py: "2" })}
            >
              <div className={css({ minW: "0" })}>
                <div className={css({ fontWeight: "600", fontSize: "sm" })}>{formatDateTime(backup.createdAt)}</div>
                <div className={muted}>
                  {KIND_LABELS[backup.kind]} · {formatSize(backup.size)}
                </div>
              </div>
              <div className={css({ display: "flex", gap: "2" })}>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => download(backup)}
                  disabled={busy !== null}
                  aria-label={`Download backup ${backup.name}`}
                >
                  <Download size={14} aria-hidden />
                  {busy === `download:${backup.name}` ? "Preparing..." : "Download"}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setConfirming(backup)}
                  disabled={busy !== null}
                  aria-label={`Restore backup ${backup.name}`}
                >
                  <ArchiveRestore size={14} aria-hidden />
                  Restore
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog.Root
        open={confirming !== null}
        onOpenChange={(details) => !details.open && busy === null && setConfirming(null)}
        lazyMount
        unmountOnExit
      >
        <Dialog.Content role="alertdialog">
          <Dialog.Title>Restore this backup?</Dialog.Title>
          <Dialog.Description>
            {confirming &&
              `All current content and uploads will be replaced with the ${KIND_LABELS[confirming.kind].toLowerCase()} backup of ${formatDateTime(confirming.createdAt)}. ` +
                "The backup is checked first, and the current data is backed up before it is replaced, so you can go back. " +
                "The admin password is not changed."}
          </Dialog.Description>
          <Dialog.Footer>
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={busy !== null}>
              Cancel
            </Button>
            <Button variant="danger" onClick={restore} disabled={busy !== null}>
              {busy?.startsWith("restore:") ? "Restoring..." : "Restore Backup"}
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>
    </SubPanel>
  );
}
