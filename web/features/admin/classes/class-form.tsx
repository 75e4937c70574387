// The class form (spec §5): name ≥ 3, level, days ≥ 2, time, location ≥ 2, description ≥ 10 (rich text), icon; and
// (issue 39) its weekly dates, places per date, a date's drop-in price, and whether it is online.

import { WEEKDAY_NAMES } from "@server/shared/calendar.ts";
import { CLASS_ICONS, CLASS_LEVELS, CLASS_MODE_LABELS, CLASS_MODES, DEFAULT_CLASS_ICON } from "@server/shared/constants.ts";
import { type ClassInput, classFormSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { ClassIcon } from "@web/components/class-icon.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Checkbox, Field, Textarea } from "@web/components/ui/field.tsx";
import { Select } from "@web/components/ui/select.tsx";
import type { Class } from "@web/lib/api-types.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { Controller, get } from "react-hook-form";
import { FormInput } from "../shared/form-input.tsx";
import { ItemFormFooter, type ItemFormProps } from "../shared/item-dialogs.tsx";
import { formGrid, fullRow } from "../shared/layout.tsx";
import { RichTextField } from "../shared/rich-text-field.tsx";

type ScheduleValues = { on: boolean; weekdays: number[]; start: string; minutes: string; from: string; until: string; skip: string };
type ClassValues = {
  name: string;
  level: string;
  days: string;
  time: string;
  location: string;
  description: string;
  icon: string;
  schedule: ScheduleValues;
  capacity: string;
  price: string;
  concessionPrice: string;
  byDonation: boolean;
  mode: string;
  joinUrl: string;
};

const MODE_OPTIONS = CLASS_MODES.map((mode) => ({ value: mode, label: CLASS_MODE_LABELS[mode] }));
const dollars = (cents: number | null | undefined) => (cents == null ? "" : (cents / 100).toFixed(2));

const LEVEL_OPTIONS = CLASS_LEVELS.map((level) => ({ value: level, label: level }));
const ICON_OPTIONS = CLASS_ICONS.map((icon) => ({
  value: icon,
  label: icon.charAt(0).toUpperCase() + icon.slice(1),
  icon: <ClassIcon name={icon} size={16} />,
}));

const toValues = (item?: Class | null): ClassValues => ({
  name: item?.name ?? "",
  level: item?.level ?? "None",
  days: item?.days ?? "",
  time: item?.time ?? "",
  location: item?.location ?? "",
  description: item?.description ?? "",
  icon: item?.icon ?? DEFAULT_CLASS_ICON,
  schedule: {
    on: Boolean(item?.schedule),
    weekdays: item?.schedule?.weekdays ?? [],
    start: item?.schedule?.start ?? "",
    minutes: String(item?.schedule?.minutes ?? 60),
    from: item?.schedule?.from ?? "",
    until: item?.schedule?.until ?? "",
    skip: item?.schedule?.skip.join("\n") ?? "",
  },
  capacity: item?.capacity == null ? "" : String(item.capacity),
  price: dollars(item?.price),
  concessionPrice: dollars(item?.concessionPrice),
  byDonation: item?.byDonation ?? false,
  mode: item?.mode ?? "in-person",
  joinUrl: item?.joinUrl ?? "",
});

/**
 * Spec §5: an invalid level becomes None; empty or undefined fields are dropped from the payload (only optional ones
 * can be: the form requires the others).
 */
export function toClassPayload(values: ClassInput): ClassInput {
  const payload: Record<string, unknown> = {
    ...values,
    level: (CLASS_LEVELS as readonly string[]).includes(values.level ?? "") ? values.level : "None",
  };
  // A class's dates, places and prices are sent as they are, null included: emptying one clears it.
  const kept = new Set(["schedule", "capacity", "price", "concessionPrice", "joinUrl"]);
  for (const [key, value] of Object.entries(payload))
    if (!kept.has(key) && (value === undefined || value === null || value === "")) delete payload[key];
  return payload as ClassInput;
}

export function ClassForm({ item, pending, onSubmit, onCancel }: ItemFormProps<Class, ClassInput>) {
  const form = useSchemaResolvedForm<ClassValues, ClassInput>(classFormSchema, toValues(item));
  const { control, handleSubmit, register, watch } = form;
  const scheduled = watch("schedule.on");
  const error = (name: string) => (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Dialog.Body>
        <div className={formGrid}>
          <FormInput form={form} name="name" label="Name" />
          <Controller
            control={control}
            name="level"
            render={({ field }) => (
              <Select label="Level" options={LEVEL_OPTIONS} value={field.value} onValueChange={field.onChange} name={field.name} />
            )}
          />
          <FormInput form={form} name="days" label="Days" placeholder="e.g. Monday, Wednesday" />
          <FormInput form={form} name="time" label="Time" placeholder="e.g. 7:00 PM - 8:30 PM" />
          <FormInput form={form} name="location" label="Location" />
          <Controller
            control={control}
            name="icon"
            render={({ field }) => (
              <Select label="Icon" options={ICON_OPTIONS} value={field.value} onValueChange={field.onChange} name={field.name} />
            )}
          />
          <RichTextField control={control} name="description" label="Description" className={fullRow} />
          <Checkbox label="Booked by the date (a weekly schedule)" className={fullRow} {...register("schedule.on")} />
          {scheduled && (
            <>
              <Controller
                control={control}
                name="schedule.weekdays"
                render={({ field }) => (
                  <fieldset className={fullRow}>
                    <legend className={css({ fontSize: "sm", fontWeight: "600", mb: "1.5" })}>Weekdays</legend>
                    <div className={css({ display: "flex", flexWrap: "wrap", columnGap: "4", rowGap: "1" })}>
                      {WEEKDAY_NAMES.map((day, index) => (
                        <Checkbox
                          key={day}
                          label={day}
                          checked={field.value.includes(index + 1)}
                          onChange={(change) =>
                            field.onChange(
                              change.target.checked ? [...field.value, index + 1].sort() : field.value.filter((weekday) => weekday !== index + 1),
                            )
                          }
                        />
                      ))}
                    </div>
                    {error("schedule.weekdays") && (
                      <p role="alert" className={css({ fontSize: "sm", color: "danger", mt: "1.5" })}>
                        {error("schedule.weekdays")}
                      </p>
                    )}
                  </fieldset>
                )}
              />
              <FormInput form={form} name="schedule.start" label="Starts at" type="time" />
              <FormInput form={form} name="schedule.minutes" label="Minutes" inputMode="numeric" />
              <FormInput form={form} name="schedule.from" label="First date" type="date" />
              <FormInput form={form} name="schedule.until" label="Last date (optional)" type="date" />
              <Field label="Dates it does not run (one a line, YYYY-MM-DD)" error={error("schedule.skip")} className={fullRow}>
                <Textarea rows={2} {...register("schedule.skip")} />
              </Field>
              <FormInput form={form} name="capacity" label="Places per date" inputMode="numeric" placeholder="Empty: nobody books, just come along" />
              <FormInput form={form} name="price" label="Drop-in price (A$)" inputMode="decimal" placeholder="Empty: free" />
              <FormInput form={form} name="concessionPrice" label="Concession price (A$)" inputMode="decimal" />
              <Checkbox label="By donation (the price is the suggestion)" {...register("byDonation")} />
            </>
          )}
          <Controller
            control={control}
            name="mode"
            render={({ field }) => (
              <Select label="Where" options={MODE_OPTIONS} value={field.value} onValueChange={field.onChange} name={field.name} />
            )}
          />
          <FormInput form={form} name="joinUrl" label="Join link (online and hybrid: only the people booked get it)" type="url" />
        </div>
      </Dialog.Body>
      <ItemFormFooter pending={pending} onCancel={onCancel} submitLabel={item ? "Update Class" : "Create Class"} />
    </form>
  );
}
