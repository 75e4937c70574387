// The 'Backups' card for the Data Sync tab (issues 7, 21): the backups kept in DATA_DIR/backups, each downloadable and
// restorable (after a confirmation), 'Back up now', and the off-site copies: on or off, where, encrypted or not, the
// last copy and its age, the last error, each copy restorable. Self-contained: mount it anywhere in the admin area.

import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { toast } from "@web/components/ui/toast.tsx";
import { IMPORT_RELOAD_DELAY_MS } from "@web/lib/constants.ts";
import { AlertTriangle, ArchiveRestore, CloudUpload, DatabaseBackup, Download, HardDriveDownload } from "lucide-react";
import { useState } from "react";
import { formatDateTime } from "../../shared/format.ts";
import { SubPanel } from "../../shared/layout.tsx";
import { errorText, notifyError } from "../../shared/notify.ts";
import {
  type BackupInfo,
  backupsQueryOptions,
  downloadBackup,
  formatAge,
  formatSize,
  KIND_LABELS,
  type OffsiteAnswer,
  offsiteQueryOptions,
  useRestoreBackup,
  useTakeBackup,
} from "./api.ts";

const muted = css({ color: "fg.muted", fontSize: "sm" });
const warning = css({
  display: "flex",
  alignItems: "flex-start",
  gap: "2",
  bg: "notice.warning",
  color: "notice.warning.fg",
  borderRadius: "control",
  px: "3",
  py: "2",
  mt: "2",
  fontSize: "sm",
});

/** What a restore asks to confirm: a local backup, or an off-site copy. */
type Confirming = { name: string; label: string; offsite: boolean };

const fail = (title: string, error: unknown) => notifyError(error, errorText(error) || "Unknown error occurred", title);

export function BackupsCard() {
  const backups = useQuery(backupsQueryOptions());
  const offsite = useQuery(offsiteQueryOptions());
  const takeBackup = useTakeBackup();
  const restoreBackup = useRestoreBackup();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

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
      const answer = await restoreBackup.mutateAsync({ name: confirming.name, offsite: confirming.offsite });
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
                  onClick={() =>
                    setConfirming({
                      name: backup.name,
                      offsite: false,
                      label: `the ${KIND_LABELS[backup.kind].toLowerCase()} backup of ${formatDateTime(backup.createdAt)}`,
                    })
                  }
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
      {offsite.data && <OffsiteSection answer={offsite.data} busy={busy !== null} onRestore={setConfirming} />}
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
              `All current content and uploads will be replaced with ${confirming.label}. ` +
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

function OffsiteSection({ answer, busy, onRestore }: { answer: OffsiteAnswer; busy: boolean; onRestore: (confirming: Confirming) => void }) {
  const heading = css({ display: "flex", alignItems: "center", gap: "2", fontWeight: "600", fontSize: "sm", mt: "4" });
  if (!answer.enabled)
    return (
      <section aria-label="Off-site copies">
        <h4 className={heading}>
          <CloudUpload size={16} aria-hidden /> Off-site copies: Off
        </h4>
        <p className={muted}>Set S3_BUCKET (and the S3_* settings) to keep a copy of every change in an S3 bucket, away from this server.</p>
      </section>
    );
  return (
    <section aria-label="Off-site copies">
      <h4 className={heading}>
        <CloudUpload size={16} aria-hidden /> Off-site copies: On
      </h4>
      {answer.warning && (
        <p className={warning}>
          <AlertTriangle size={16} aria-hidden className={css({ flexShrink: "0", mt: "0.5" })} />
          {answer.warning}
        </p>
      )}
      <dl className={css({ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: "3", rowGap: "1", fontSize: "sm", mt: "1" })}>
        <dt className={muted}>Bucket</dt>
        <dd className={css({ wordBreak: "break-all" })}>{answer.bucket}</dd>
        <dt className={muted}>Encrypted</dt>
        <dd>{answer.encrypted ? "Yes (age)" : "No"}</dd>
        <dt className={muted}>Last off-site copy</dt>
        <dd>
          {answer.running
            ? "Copying now..."
            : answer.lastCopy
              ? `${formatDateTime(answer.lastCopy.createdAt)} (${formatAge(answer.lastCopy.createdAt)})`
              : "None yet"}
        </dd>
        <dt className={muted}>Last error</dt>
        <dd>
          {answer.lastError
            ? `${answer.lastError.message} (${formatDateTime(answer.lastError.at)}${answer.nextRetryAt ? `; retried at ${formatDateTime(answer.nextRetryAt)}` : ""})`
            : "None"}
        </dd>
      </dl>
      {answer.listError ? (
        <p className={muted}>Failed to list the off-site copies: {answer.listError}</p>
      ) : answer.copies.length === 0 ? null : (
        <ul
          aria-label="Off-site copies kept"
          className={css({ display: "flex", flexDirection: "column", divideY: "1px", divideColor: "border", mt: "2" })}
        >
          {answer.copies.map((copy) => (
            <li
              key={copy.name}
              className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: "2", py: "2" })}
            >
              <div className={css({ fontSize: "sm" })}>
                <div className={css({ fontWeight: "600" })}>{formatDateTime(copy.createdAt)}</div>
                <div className={muted}>Off-site{copy.encrypted ? " · encrypted" : ""}</div>
              </div>
              {answer.canRestore ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={`Restore off-site copy ${copy.name}`}
                  onClick={() => onRestore({ name: copy.name, offsite: true, label: `the off-site copy of ${formatDateTime(copy.createdAt)}` })}
                >
                  <ArchiveRestore size={14} aria-hidden />
                  Restore
                </Button>
              ) : (
                <code className={css({ fontSize: "xs" })}>{`vedanta-site restore-backup s3:${copy.name} --identity key.txt`}</code>
              )}
            </li>
          ))}
        </ul>
      )}
      {!answer.canRestore && answer.copies.length > 0 && (
        <p className={muted}>These copies are encrypted: restore one on the server with its age identity file, or set BACKUP_AGE_IDENTITY_FILE.</p>
      )}
    </section>
  );
}
