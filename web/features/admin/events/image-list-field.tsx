// A list of image URLs: add (only a non-blank, valid address) and remove (spec §3, §5).

import { imageSources } from "@server/shared/images.ts";
import { isMediaUrl } from "@server/shared/validation.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { Input } from "@web/components/ui/field.tsx";
import { IMAGE_TYPES } from "@web/lib/constants.ts";
import { ImageUp, Plus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { imageFileProblem, useUploadPhoto } from "../shared/image-upload.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";

type ImageListFieldProps = { label: string; value: string[]; onChange: (images: string[]) => void; error?: string };

export function ImageListField({ label, value, onChange, error }: ImageListFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const url = draft.trim();
    if (!url) return;
    if (!isMediaUrl(url)) {
      setProblem("Please enter a valid URL");
      return;
    }
    onChange([...value, url]);
    setDraft("");
    setProblem(null);
  };
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadPhoto = useUploadPhoto();
  // One file after another: uploading from the first to the last.
  const [uploading, setUploading] = useState(false);
  const upload = async (files: File[]) => {
    const urls: string[] = [];
    setUploading(true);
    try {
      for (const file of files) {
        const fileProblem = imageFileProblem(file);
        if (fileProblem) {
          notifyError(new Error(fileProblem), `Failed to upload image: ${fileProblem}`);
          continue;
        }
        urls.push(await uploadPhoto.mutateAsync(file));
      }
      if (urls.length) notifySuccess(urls.length === 1 ? "Photo uploaded" : `${urls.length} photos uploaded`);
    } catch (uploadError) {
      notifyError(uploadError, "Failed to upload image");
    } finally {
      if (urls.length) onChange([...value, ...urls]);
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };
  const message = problem ?? error;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
      <label htmlFor={id} className={css({ fontSize: "sm", fontWeight: "600" })}>
        {label}
      </label>
      <div className={css({ display: "flex", gap: "2" })}>
        <Input
          id={id}
          value={draft}
          placeholder="https://… or /uploads/…"
          aria-invalid={!!message}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" onClick={add} aria-label="Add image">
          <Plus size={16} aria-hidden />
          Add
        </Button>
      </div>
      <div className={css({ display: "flex", alignItems: "center", gap: "3", flexWrap: "wrap" })}>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={IMAGE_TYPES.join(",")}
          aria-label={`Upload ${label.toLowerCase()}`}
          className={css({ srOnly: true })}
          onChange={(event) => void upload([...(event.target.files ?? [])])}
        />
        <Button variant="outline" size="sm" disabled={uploading} onClick={() => fileInput.current?.click()}>
          <ImageUp size={16} aria-hidden />
          {uploading ? "Uploading..." : "Upload photos"}
        </Button>
        <span className={css({ fontSize: "xs", color: "fg.muted" })}>JPEG, PNG, GIF or WEBP, up to 5MB each.</span>
      </div>
      {message && (
        <p role="alert" className={css({ fontSize: "sm", color: "danger" })}>
          {message}
        </p>
      )}
      {value.length > 0 && (
        <ul aria-label={label} className={css({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(120px, 1fr))", gap: "2", mt: "1" })}>
          {value.map((url, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the same URL may be listed twice; the key must stay unique
              key={`${url}-${index}`}
              className={css({ position: "relative", borderRadius: "control", overflow: "hidden", borderWidth: "1px", borderColor: "border" })}
            >
              <img
                {...imageSources(url, "240px")}
                // biome-ignore lint/a11y/noRedundantAlt: an image the admin is editing has no description; its place in the list names it
                alt={`Image ${index + 1}`}
                loading="lazy"
                className={css({ w: "full", h: "20", objectFit: "cover", bg: "bg.muted" })}
              />
              <p className={css({ fontSize: "xs", px: "1.5", py: "1", truncate: true })} title={url}>
                {url}
              </p>
              <button
                type="button"
                aria-label={`Remove image ${index + 1}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                className={css({
                  position: "absolute",
                  top: "1",
                  right: "1",
                  bg: "surface",
                  borderRadius: "full",
                  p: "1",
                  cursor: "pointer",
                  boxShadow: "card",
                  _hover: { color: "danger" },
                })}
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
