// A PDF attachment: upload (to the event, or 'temp' before it exists) fills the file and name; 'Remove' clears them.

import { ATTACHMENT_MAX_BYTES } from "@server/shared/constants.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { toast } from "@web/components/ui/toast.tsx";
import { FileText, Paperclip } from "lucide-react";
import { useRef } from "react";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import { useUploadAttachment } from "./api.ts";

type AttachmentFieldProps = {
  eventId: number | "temp";
  file: string | null;
  name: string | null;
  onChange: (attachment: { file: string | null; name: string | null }) => void;
};

const isPdf = (file: File) => file.type === "application/pdf" || (!file.type && file.name.toLowerCase().endsWith(".pdf"));

function AttachmentField({ eventId, file, name, onChange }: AttachmentFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAttachment();
  const uploading = upload.isPending;

  const onChosen = async (chosen: File | undefined) => {
    if (!chosen) return;
    const clear = () => {
      if (input.current) input.current.value = "";
    };
    if (!isPdf(chosen)) {
      toast({ title: "Invalid file type", description: "Please upload a PDF file", variant: "destructive" });
      clear();
      return;
    }
    if (chosen.size > ATTACHMENT_MAX_BYTES) {
      toast({
        title: "Upload failed",
        description: `The file is too large. Maximum size is ${ATTACHMENT_MAX_BYTES / 1024 / 1024}MB.`,
        variant: "destructive",
      });
      clear();
      return;
    }
    try {
      const { fileUrl } = await upload.mutateAsync({ eventId, file: chosen });
      onChange({ file: fileUrl, name: chosen.name });
      notifySuccess("File uploaded", chosen.name);
    } catch (error) {
      notifyError(error, "There was a problem uploading your file", "Upload failed");
    } finally {
      clear();
    }
  };

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
      <span className={css({ fontSize: "sm", fontWeight: "600" })}>Attachment (PDF)</span>
      {file ? (
        <div
          className={css({
            display: "flex",
            alignItems: "center",
            gap: "3",
            flexWrap: "wrap",
            p: "3",
            borderWidth: "1px",
            borderColor: "border",
            borderRadius: "control",
          })}
        >
          <FileText size={18} aria-hidden className={css({ color: "accent" })} />
          <a
            href={file}
            target="_blank"
            rel="noopener noreferrer"
            className={css({ flex: "1", minW: "0", truncate: true, color: "accent.strong", textDecoration: "underline" })}
          >
            {name || file}
          </a>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              onChange({ file: null, name: null });
              notifySuccess("Attachment removed");
            }}
          >
            Remove
          </Button>
        </div>
      ) : (
        <div>
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            aria-label="Upload attachment"
            className={css({ srOnly: true })}
            onChange={(event) => void onChosen(event.target.files?.[0])}
          />
          <Button variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()}>
            <Paperclip size={16} aria-hidden />
            {uploading ? "Uploading..." : "Upload PDF"}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The attachment as the `attachmentFile` and `attachmentName` fields of a form. */
export function AttachmentFormField<T extends FieldValues, O extends FieldValues>({
  control,
  eventId,
}: {
  control: Control<T, unknown, O>;
  eventId: number | "temp";
}) {
  const file = useController({ control, name: "attachmentFile" as FieldPath<T> });
  const name = useController({ control, name: "attachmentName" as FieldPath<T> });
  return (
    <AttachmentField
      eventId={eventId}
      file={file.field.value}
      name={name.field.value}
      onChange={(attachment) => {
        file.field.onChange(attachment.file);
        name.field.onChange(attachment.name);
      }}
    />
  );
}
