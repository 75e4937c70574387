// The event form (spec §3, §5): every admin field, the rich-text description, highlighted switch, image URLs,
// the year rule (current year by default, else the start date's year when left empty) and the PDF attachment.

import { type EventInput, eventFormSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Field, Input, Textarea } from "@web/components/ui/field.tsx";
import { Switch } from "@web/components/ui/switch.tsx";
import type { Event } from "@web/lib/api-types.ts";
import { EVENT_TYPES } from "@web/lib/constants.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { useEffect, useRef } from "react";
import { Controller } from "react-hook-form";
import { FormInput } from "../shared/form-input.tsx";
import { ItemFormFooter, type ItemFormProps } from "../shared/item-dialogs.tsx";
import { formGrid, fullRow } from "../shared/layout.tsx";
import { RichTextField } from "../shared/rich-text-field.tsx";
import { AttachmentFormField } from "./attachment-field.tsx";
import { ImageListField } from "./image-list-field.tsx";

type EventValues = {
  name: string;
  type: string;
  startDate: string;
  endDate: string;
  time: string;
  location: string;
  description: string;
  isHighlighted: boolean;
  registrationLink: string;
  images: string[];
  year: string;
  attachmentName: string | null;
  attachmentFile: string | null;
  archiveDescription: string;
  capacity: string;
  registrationCloses: string;
  price: string;
  concessionPrice: string;
  byDonation: boolean;
};

/** Cents as the form shows them in dollars ("25.00"); empty for none. */
const dollars = (cents: number | null | undefined) => (cents == null ? "" : (cents / 100).toFixed(2));

const toValues = (item?: Event | null): EventValues => ({
  name: item?.name ?? "",
  type: item?.type ?? "",
  startDate: item?.startDate ?? "",
  endDate: item?.endDate ?? "",
  time: item?.time ?? "",
  location: item?.location ?? "",
  description: item?.description ?? "",
  isHighlighted: item?.isHighlighted ?? false,
  registrationLink: item?.registrationLink ?? "",
  images: item?.images ?? [],
  year: item ? (item.year ?? "") : String(new Date().getFullYear()),
  attachmentName: item?.attachmentName ?? null,
  attachmentFile: item?.attachmentFile ?? null,
  archiveDescription: item?.archiveDescription ?? "",
  capacity: item?.capacity == null ? "" : String(item.capacity),
  registrationCloses: item?.registrationCloses ?? "",
  price: dollars(item?.price),
  concessionPrice: dollars(item?.concessionPrice),
  byDonation: item?.byDonation ?? false,
});

export function EventForm({ item, pending, onSubmit, onCancel }: ItemFormProps<Event, EventInput>) {
  const form = useSchemaResolvedForm<EventValues, EventInput>(eventFormSchema, toValues(item));
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  // The Year follows the start date until she types a year herself (issue 38).
  const startDate = form.watch("startDate");
  const firstStart = useRef(startDate);
  useEffect(() => {
    if (startDate === firstStart.current || !/^\d{4}-/.test(startDate) || form.getFieldState("year").isDirty) return;
    form.setValue("year", startDate.slice(0, 4));
  }, [startDate, form]);

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit({ ...values, year: values.year || values.startDate.slice(0, 4) }))}>
      <Dialog.Body>
        <div className={formGrid}>
          <FormInput form={form} name="name" label="Name" />
          <FormInput form={form} name="type" label="Type" list="event-type-suggestions" placeholder="e.g. retreat, workshop" />
          <datalist id="event-type-suggestions">
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type} />
            ))}
          </datalist>
          <Field label="Start Date" error={errors.startDate?.message}>
            <Input type="date" {...register("startDate")} />
          </Field>
          <Field label="End Date (optional)" error={errors.endDate?.message}>
            <Input type="date" {...register("endDate")} />
          </Field>
          <FormInput form={form} name="time" label="Time" placeholder="e.g. 10:00 AM - 4:00 PM" />
          <FormInput form={form} name="location" label="Location" />
          <RichTextField control={control} name="description" label="Description" className={fullRow} />
          <FormInput form={form} name="registrationLink" label="Registration Link (optional)" type="url" placeholder="https://" />
          <FormInput form={form} name="year" label="Year" inputMode="numeric" placeholder="Defaults to the start date's year" />
          <Field
            label="Places"
            hint="Empty: unlimited. When every place is taken, registrants join the waiting list."
            error={errors.capacity?.message}
          >
            <Input type="number" min={1} step={1} inputMode="numeric" {...register("capacity")} />
          </Field>
          <Field
            label="Registration closes (optional)"
            hint="The first day on which registration is closed. It also closes when the event starts."
            error={errors.registrationCloses?.message}
          >
            <Input type="date" {...register("registrationCloses")} />
          </Field>
          <Field label="Price (A$)" hint="Empty: free. By donation: the suggested amount." error={errors.price?.message}>
            <Input inputMode="decimal" placeholder="Free" {...register("price")} />
          </Field>
          <Field label="Concession price (A$)" hint="Optional, below the price." error={errors.concessionPrice?.message}>
            <Input inputMode="decimal" placeholder="None" {...register("concessionPrice")} />
          </Field>
          <Controller
            control={control}
            name="byDonation"
            render={({ field }) => (
              <Switch
                className={css({ gridColumn: "1 / -1" })}
                label="By donation"
                checked={field.value}
                onCheckedChange={field.onChange}
                name={field.name}
              />
            )}
          />
          <Controller
            control={control}
            name="isHighlighted"
            render={({ field }) => (
              <Switch
                className={css({ gridColumn: "1 / -1" })}
                label="Highlighted"
                checked={field.value}
                onCheckedChange={field.onChange}
                name={field.name}
              />
            )}
          />
          <div className={fullRow}>
            <Controller
              control={control}
              name="images"
              render={({ field }) => <ImageListField label="Images" value={field.value} onChange={field.onChange} error={errors.images?.message} />}
            />
          </div>
          <div className={fullRow}>
            <AttachmentFormField control={control} eventId={item?.id ?? "temp"} />
          </div>
          <Field label="Archive Description (optional)" hint="Shown in the archive once the event has passed." className={fullRow}>
            <Textarea rows={3} {...register("archiveDescription")} />
          </Field>
        </div>
      </Dialog.Body>
      <ItemFormFooter pending={pending} onCancel={onCancel} submitLabel={item ? "Update Event" : "Create Event"} />
    </form>
  );
}
