// 'Export Data' (a dated JSON download) and 'Import Data' (checked, confirmed, then the page reloads) — spec §4, §5, §8.

import { EXPORT_SECTIONS, exportFileName, INVALID_JSON_MESSAGE } from "@server/shared/constants.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { IMPORT_RELOAD_DELAY_MS } from "@web/lib/constants.ts";
import { Download, FileUp } from "lucide-react";
import { useRef, useState } from "react";
import { ConfirmDialog } from "../shared/confirm-dialog.tsx";
import { downloadFile } from "../shared/format.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import { exportQueryOptions, useImportData } from "./api.ts";

/** Checks a chosen file's text: valid JSON holding the seven sections. Returns the data or the §5 message. */
function checkImportText(text: string): { data: Record<string, unknown> } | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: INVALID_JSON_MESSAGE };
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return { problem: INVALID_JSON_MESSAGE };
  const missing = EXPORT_SECTIONS.filter((section) => !(section in data));
  if (missing.length) return { problem: `Invalid data format. Missing required sections: ${missing.join(", ")}` };
  return { data: data as Record<string, unknown> };
}

export function DataTransferButtons() {
  const queryClient = useQueryClient();
  const importData = useImportData();
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Record<string, unknown> | null>(null);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  const clearFile = () => {
    if (fileInput.current) fileInput.current.value = "";
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const data = await queryClient.fetchQuery(exportQueryOptions());
      downloadFile(exportFileName(), JSON.stringify(data, null, 2), "application/json");
      notifySuccess("Data exported successfully");
    } catch (error) {
      notifyError(error, "Could not export data. Please try again.", "Export Failed");
    } finally {
      setExporting(false);
    }
  };

  const onFileChosen = async (file: File | undefined) => {
    if (!file) return;
    const result = checkImportText(await file.text());
    if ("problem" in result) {
      notifyError(new Error(result.problem), result.problem, "Import Failed");
      clearFile();
      return;
    }
    setPending(result.data);
  };

  const cancel = () => {
    setPending(null);
    clearFile();
  };

  const onConfirm = async () => {
    if (!pending) return;
    setImporting(true);
    try {
      await importData.mutateAsync(pending);
      notifySuccess("Import successful", "Data imported successfully. The page will reload to show the updated data.");
      setTimeout(() => window.location.reload(), IMPORT_RELOAD_DELAY_MS);
    } catch (error) {
      // On failure the dialog closes and the file input is cleared (spec §4).
      const message = serverMessageOr(error, "Could not import data. Please try again.");
      notifyError(error, message, "Import Failed");
      setImporting(false);
      cancel();
    }
  };

  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        aria-label="Import data file"
        className={css({ srOnly: true })}
        onChange={(event) => void onFileChosen(event.target.files?.[0])}
      />
      <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={importing}>
        <FileUp size={16} aria-hidden />
        Import Data
      </Button>
      <Button variant="outline" onClick={onExport} disabled={exporting}>
        <Download size={16} aria-hidden />
        Export Data
      </Button>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && !importing && cancel()}
        title="Confirm Import"
        description="This action will replace all existing data with the imported data! This cannot be undone."
        confirmLabel="Import"
        pendingLabel="Importing..."
        pending={importing}
        onConfirm={onConfirm}
      />
    </>
  );
}
