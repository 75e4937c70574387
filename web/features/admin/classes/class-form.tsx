// The class form (spec §5): name ≥ 3, level, days ≥ 2, time, location ≥ 2, description ≥ 10 (rich text), icon.

import { CLASS_ICONS, CLASS_LEVELS, DEFAULT_CLASS_ICON } from "@server/shared/constants.ts";
import { type ClassInput, classSchema } from "@server/shared/schemas.ts";
import { ClassIcon } from "@web/components/class-icon.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Select } from "@web/components/ui/select.tsx";
import type { Class } from "@web/lib/api-types.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { Controller } from "react-hook-form";
import { FormInput } from "../shared/form-input.tsx";
import { ItemFormFooter, type ItemFormProps } from "../shared/item-dialogs.tsx";
import { formGrid, fullRow } from "../shared/layout.tsx";
import { RichTextField } from "../shared/rich-text-field.tsx";

type ClassValues = { name: string; level: string; days: string; time: string; location: string; description: string; icon: string };

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
  for (const [key, value] of Object.entries(payload)) if (value === undefined || value === null || value === "") delete payload[key];
  return payload as ClassInput;
}

export function ClassForm({ item, pending, onSubmit, onCancel }: ItemFormProps<Class, ClassInput>) {
  const form = useSchemaResolvedForm<ClassValues, ClassInput>(classSchema, toValues(item));
  const { control, handleSubmit } = form;
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
        </div>
      </Dialog.Body>
      <ItemFormFooter pending={pending} onCancel={onCancel} submitLabel={item ? "Update Class" : "Create Class"} />
    </form>
  );
}
