// Data Sync tab 'Data Sync & Persistence' (spec §2.2, §4): sync, restore (confirmed), status, how it works.

import { css } from "@styled-system/css" with { type: "macro" };
import { badge } from "@styled-system/recipes";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import type { GitCommit } from "@web/lib/api-types.ts";
import { IMPORT_RELOAD_DELAY_MS } from "@web/lib/constants.ts";
import { CheckCircle2, DatabaseBackup, Info, RefreshCw, Upload, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../shared/confirm-dialog.tsx";
import { formatDateTime } from "../shared/format.ts";
import { Panel, SubPanel } from "../shared/layout.tsx";
import { errorText, notifyError, notifySuccess } from "../shared/notify.ts";
import { gitStatusQueryOptions, syncStatusQueryOptions, useRestoreFromAppData, useSyncToAppData } from "./api.ts";
import { BackupsCard } from "./backups/backups-card.tsx";
import { GitHistory, GitStatusRows } from "./git-history.tsx";
import { MailCard } from "./mail-card.tsx";

const text = css({ color: "fg.muted", fontSize: "sm" });

export function DataSyncTab() {
  const status = useQuery(syncStatusQueryOptions());
  const git = useQuery(gitStatusQueryOptions());
  const sync = useSyncToAppData();
  const restore = useRestoreFromAppData();
  // The restore waiting for confirmation: the newest version (null) or the one chosen in the history.
  const [confirming, setConfirming] = useState<{ version: GitCommit | null } | undefined>(undefined);
  // After a restore the page reloads: nothing more is to be done in it.
  const busy = sync.isPending || restore.isPending || restore.isSuccess;

  useEffect(() => {
    if (status.isError) notifyError(status.error, "Failed to check sync status");
    else if (git.isError) notifyError(git.error, "Failed to check sync status");
  }, [status.isError, status.error, git.isError, git.error]);

  const confirmRestore = () =>
    restore.mutate(confirming?.version?.id, {
      onSuccess: (answer) => {
        notifySuccess(answer.message || "Data restored from app_data");
        setConfirming(undefined);
        setTimeout(() => window.location.reload(), IMPORT_RELOAD_DELAY_MS);
      },
      onError: (error) => notifyError(error, errorText(error) || "Unknown error occurred", "Restore Failed"),
    });

  const data = status.data;

  return (
    <Panel title="Data Sync & Persistence" description="Keep a copy of all site data in the app_data folder, and bring it back.">
      <div className={css({ display: "grid", gridTemplateColumns: { base: "1fr", md: "repeat(2, minmax(0, 1fr))" }, gap: "4" })}>
        <SubPanel title="Sync to Git" icon={<Upload size={18} aria-hidden />}>
          <p className={text}>
            Copy the current database and uploads into the app_data folder and commit them as a new version
            {git.data?.remote ? ", then push it to the Git remote." : "."}
          </p>
          <div>
            <Button
              onClick={() =>
                sync.mutate(undefined, {
                  onSuccess: (answer) => notifySuccess(answer.message || "Data synced to app_data"),
                  onError: (error) => notifyError(error, errorText(error) || "Unknown error occurred", "Sync Failed"),
                })
              }
              disabled={busy}
            >
              <Upload size={16} aria-hidden />
              {busy ? "Working..." : "Sync to app_data"}
            </Button>
          </div>
        </SubPanel>
        <SubPanel title="Restore from Git" icon={<DatabaseBackup size={18} aria-hidden />}>
          <p className={text}>
            Replace the current data with the newest version saved in app_data{git.data?.remote ? " or on the Git remote (fetched first)" : ""}.
          </p>
          <div>
            <Button variant="outline" onClick={() => setConfirming({ version: null })} disabled={busy || !(data?.hasAppData || git.data?.remote)}>
              <DatabaseBackup size={16} aria-hidden />
              Restore from app_data
            </Button>
          </div>
        </SubPanel>
        <div className={css({ gridColumn: "1 / -1", display: "grid" })}>
          <SubPanel title="Sync Status" icon={<RefreshCw size={18} aria-hidden />}>
            {status.isPending ? (
              <p className={text}>Checking...</p>
            ) : (
              <dl className={css({ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: "4", rowGap: "2", fontSize: "sm" })}>
                <dt className={css({ fontWeight: "600" })}>app_data available</dt>
                <dd>
                  {data?.hasAppData ? (
                    <span className={badge({ tone: "success" })}>
                      <CheckCircle2 size={12} aria-hidden />
                      Yes
                    </span>
                  ) : (
                    <span className={badge({ tone: "danger" })}>
                      <XCircle size={12} aria-hidden />
                      No
                    </span>
                  )}
                </dd>
                <dt className={css({ fontWeight: "600" })}>Last sync</dt>
                <dd>{data?.lastSync ? formatDateTime(data.lastSync) : "Never"}</dd>
                <dt className={css({ fontWeight: "600" })}>Synced files</dt>
                <dd>
                  {data?.files.length ? (
                    <ul aria-label="Synced files" className={css({ display: "flex", flexWrap: "wrap", gap: "1" })}>
                      {data.files.map((file) => (
                        <li key={file} className={badge({ tone: "neutral" })}>
                          {file}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    "None"
                  )}
                </dd>
                <GitStatusRows git={git.data} />
              </dl>
            )}
            {git.data && <GitHistory commits={git.data.commits} disabled={busy} onRestore={(version) => setConfirming({ version })} />}
            <div>
              <Button
                variant="outline"
                size="sm"
                disabled={status.isFetching || git.isFetching}
                onClick={() => {
                  status.refetch();
                  git.refetch();
                }}
              >
                <RefreshCw size={14} aria-hidden />
                Refresh Status
              </Button>
            </div>
          </SubPanel>
        </div>
        <SubPanel title="How it works" icon={<Info size={18} aria-hidden />}>
          <ul className={`${css({ listStyle: "disc", pl: "5", display: "flex", flexDirection: "column", gap: "1.5" })} ${text}`}>
            <li>
              Sync copies all data (events, classes, archive, messages, subscribers, profile, notifications and uploads) into app_data, with
              timestamps.
            </li>
            <li>Each sync is committed to the Git history of app_data, and pushed when a Git remote is set; nothing is ever overwritten there.</li>
            <li>Restore copies the data from app_data back into the database, replacing what is there: the newest version, or any earlier one.</li>
            <li>When the site starts and its data folder is empty, it restores from app_data (or the Git remote) automatically.</li>
          </ul>
        </SubPanel>
        <div className={css({ gridColumn: "1 / -1" })}>
          <MailCard />
        </div>
        {/* Safety copies kept on the server (issue 7), beside the app_data sync. */}
        <div className={css({ gridColumn: "1 / -1" })}>
          <BackupsCard />
        </div>
      </div>
      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(open) => !busy && !open && setConfirming(undefined)}
        title="Restore Data from app_data?"
        description={
          <>
            This will overwrite all current data with the data saved in app_data. This action cannot be undone. Sync first if you want to keep the
            current data.
            {confirming?.version && (
              <>
                {" "}
                Version <code>{confirming.version.shortId}</code> of {formatDateTime(confirming.version.date)}: {confirming.version.message}
              </>
            )}
          </>
        }
        confirmLabel="Restore Data"
        pendingLabel="Restoring..."
        pending={busy}
        onConfirm={confirmRestore}
      />
    </Panel>
  );
}
