// The Git part of the 'Sync Status' card (issue 21): the remote as the server shows it (never with credentials), the
// last push and its result, and the newest commits, each with 'Restore this version'.

import { css } from "@styled-system/css" with { type: "macro" };
import { badge } from "@styled-system/recipes";
import { Button } from "@web/components/ui/button.tsx";
import type { GitCommit, GitStatus } from "@web/lib/api-types.ts";
import { History } from "lucide-react";
import { DataTable } from "../shared/data-table.tsx";
import { formatDateTime } from "../shared/format.ts";

const term = css({ fontWeight: "600" });

function pushedBadge(pushed: boolean | null) {
  if (pushed === null) return <span className={badge({ tone: "neutral" })}>Local only</span>;
  return pushed ? <span className={badge({ tone: "success" })}>Pushed</span> : <span className={badge({ tone: "danger" })}>Not pushed</span>;
}

/** The remote, branch and last push, as rows of the card's description list. */
export function GitStatusRows({ git }: { git: GitStatus | undefined }) {
  const lastPush = git?.lastPush;
  return (
    <>
      <dt className={term}>Git remote</dt>
      <dd className={css({ overflowWrap: "anywhere" })}>
        {git?.remote ? (
          <>
            <code>{git.remote}</code> ({git.branch})
          </>
        ) : (
          `Not set: commits stay on this server (${git?.branch ?? "main"})`
        )}
      </dd>
      <dt className={term}>Last push</dt>
      <dd>
        {lastPush ? (
          <span className={css({ display: "inline-flex", flexWrap: "wrap", gap: "2", alignItems: "center" })}>
            {formatDateTime(lastPush.at)}
            <span className={badge({ tone: lastPush.ok ? "success" : "danger" })}>{lastPush.ok ? "Succeeded" : "Failed"}</span>
            {!lastPush.ok && <span className={css({ overflowWrap: "anywhere" })}>{lastPush.message}</span>}
          </span>
        ) : (
          "Never"
        )}
      </dd>
    </>
  );
}

/** The newest commits of app_data; `onRestore` asks for the spec's confirmation before anything is restored. */
export function GitHistory({ commits, disabled, onRestore }: { commits: GitCommit[]; disabled: boolean; onRestore: (commit: GitCommit) => void }) {
  return (
    <section aria-labelledby="git-history-title" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <h4 id="git-history-title" className={css({ display: "flex", alignItems: "center", gap: "2", fontSize: "sm", fontWeight: "600" })}>
        <History size={16} aria-hidden />
        Versions
      </h4>
      {commits.length ? (
        <DataTable
          columns={[
            { header: "Date", cell: (commit) => formatDateTime(commit.date), className: css({ whiteSpace: "nowrap" }) },
            { header: "Message", cell: (commit) => commit.message },
            { header: "Commit", cell: (commit) => <code>{commit.shortId}</code> },
            { header: "Pushed", cell: (commit) => pushedBadge(commit.pushed) },
            {
              header: "Actions",
              show: "plain",
              cell: (commit) => (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={disabled}
                  aria-label={`Restore this version: ${commit.shortId}`}
                  onClick={() => onRestore(commit)}
                >
                  Restore this version
                </Button>
              ),
            },
          ]}
          rows={commits}
          rowKey={(commit) => commit.id}
        />
      ) : (
        <p className={css({ color: "fg.muted", fontSize: "sm" })}>No versions yet: the first sync makes one.</p>
      )}
    </section>
  );
}
