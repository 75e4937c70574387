// The profile form 'Guru Profile' (spec §2.2, §5): name, title, biography (rich text), quote, image upload, contact.

import { type ProfileInput, profileSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input, Textarea } from "@web/components/ui/field.tsx";
import type { PublicProfile } from "@web/lib/api-types.ts";
import { IMAGE_TYPES } from "@web/lib/constants.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { ImageUp } from "lucide-react";
import { useRef, useState } from "react";
import { FormInput } from "../shared/form-input.tsx";
import { imageFileProblem, useUploadProfileImage } from "../shared/image-upload.ts";
import { formGrid, fullRow } from "../shared/layout.tsx";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import { RichTextField } from "../shared/rich-text-field.tsx";
import { useUpdateProfile } from "./api.ts";

type ProfileValues = {
  name: string;
  title: string;
  biography: string;
  quote: string;
  profileImage: string;
  email: string;
  phone: string;
  address: string;
};

const toValues = (profile?: PublicProfile | null): ProfileValues => ({
  name: profile?.name ?? "",
  title: profile?.title ?? "",
  biography: profile?.biography ?? "",
  quote: profile?.quote ?? "",
  profileImage: profile?.profileImage ?? "",
  email: profile?.email ?? "",
  phone: profile?.phone ?? "",
  address: profile?.address ?? "",
});

export function ProfileForm({ profile }: { profile: PublicProfile | null | undefined }) {
  const update = useUpdateProfile();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage();
  const uploading = upload.isPending;
  const [imageError, setImageError] = useState<string | null>(null);
  const form = useSchemaResolvedForm<ProfileValues, ProfileInput>(profileSchema, toValues(profile));
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const image = watch("profileImage");

  const onImageChosen = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    setImageError(problem);
    if (problem) {
      notifyError(new Error(problem), `Failed to upload image: ${problem}`);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    try {
      const profileImage = await upload.mutateAsync(file);
      setValue("profileImage", profileImage, { shouldDirty: true });
      notifySuccess("Profile image uploaded successfully.");
    } catch (error) {
      notifyError(error, "Failed to upload image");
    } finally {
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  return (
    <form
      onSubmit={handleSubmit((values) =>
        update.mutate(values, {
          onSuccess: () => notifySuccess("Profile updated successfully"),
          onError: (error) => notifyError(error, "Failed to update profile"),
        }),
      )}
      noValidate
      className={css({ display: "flex", flexDirection: "column", gap: "5" })}
    >
      <div
        className={css({ display: "flex", flexDirection: { base: "column", sm: "row" }, gap: "5", alignItems: { base: "flex-start", sm: "center" } })}
      >
        <div
          className={css({
            w: "28",
            h: "28",
            borderRadius: "full",
            overflow: "hidden",
            bg: "bg.muted",
            borderWidth: "1px",
            borderColor: "border",
            flexShrink: 0,
          })}
        >
          {image && <img src={image} alt="Profile" className={css({ w: "full", h: "full", objectFit: "cover" })} />}
        </div>
        <div className={css({ display: "flex", flexDirection: "column", gap: "2", flex: "1", minW: "0", w: "full" })}>
          <Field label="Profile Image" error={errors.profileImage?.message}>
            <Input placeholder="/uploads/… or https://…" {...register("profileImage")} />
          </Field>
          <div className={css({ display: "flex", alignItems: "center", gap: "3", flexWrap: "wrap" })}>
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_TYPES.join(",")}
              aria-label="Upload profile image"
              className={css({ srOnly: true })}
              onChange={(event) => void onImageChosen(event.target.files?.[0])}
            />
            <Button variant="outline" size="sm" disabled={uploading} onClick={() => fileInput.current?.click()}>
              <ImageUp size={16} aria-hidden />
              {uploading ? "Uploading..." : "Upload Image"}
            </Button>
            <span className={css({ fontSize: "xs", color: "fg.muted" })}>JPEG, PNG, GIF or WEBP, up to 5MB.</span>
          </div>
          {imageError && (
            <p role="alert" className={css({ fontSize: "sm", color: "danger" })}>
              {imageError}
            </p>
          )}
        </div>
      </div>
      <div className={formGrid}>
        <FormInput form={form} name="name" label="Name" />
        <FormInput form={form} name="title" label="Title" />
        <RichTextField control={control} name="biography" label="Biography" className={fullRow} />
        <Field label="Quote" error={errors.quote?.message} className={fullRow}>
          <Textarea rows={2} {...register("quote")} />
        </Field>
        <FormInput form={form} name="email" label="Email" type="email" />
        <FormInput form={form} name="phone" label="Phone" type="tel" />
        <div className={fullRow}>
          <FormInput form={form} name="address" label="Address" />
        </div>
      </div>
      <div>
        <Button type="submit" size="lg" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Profile"}
        </Button>
      </div>
    </form>
  );
}
