// The notification form (spec §3, §5): rich-text message ≥ 5, type, start date (today by default), end date, link, active.

import { type NotificationInput, notificationSchema } from "@server/shared/schemas.ts";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { Switch } from "@web/components/ui/switch.tsx";
import type { Notification } from "@web/lib/api-types.ts";
import { NOTIFICATION_FORM_TYPES } from "@web/lib/constants.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { Controller } from "react-hook-form";
import { localIsoDate } from "../shared/format.ts";
import { ItemFormFooter, type ItemFormProps } from "../shared/item-dialogs.tsx";
import { formGrid, fullRow } from "../shared/layout.tsx";
import { RichTextField } from "../shared/rich-text-field.tsx";

type NotificationValues = { message: string; type: string; startDate: string; endDate: string; link: string; isActive: boolean };

const TYPE_OPTIONS = NOTIFICATION_FORM_TYPES.map((type) => ({ value: type.value, label: type.label }));

const toValues = (item?: Notification | null): NotificationValues => ({
  message: item?.message ?? "",
  type: item?.type ?? "info",
  startDate: item?.startDate ?? localIsoDate(),
  endDate: item?.endDate ?? "",
  link: item?.link ?? "",
  isActive: item?.isActive ?? true,
});

export function NotificationForm({ item, pending, onSubmit, onCancel }: ItemFormProps<Notification, NotificationInput>) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useSchemaResolvedForm<NotificationValues, NotificationInput>(notificationSchema, toValues(item));
  // A type outside the form's four (success, warning, error) is kept and offered as it is.
  const options =
    item && !TYPE_OPTIONS.some((option) => option.value === item.type) ? [...TYPE_OPTIONS, { value: item.type, label: item.type }] : TYPE_OPTIONS;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Dialog.Body>
        <div className={formGrid}>
          <RichTextField control={control} name="message" label="Message" className={fullRow} />
          <Controller
            control={control}
            name="type"
            render={({ field }) => <Select label="Type" options={options} value={field.value} onValueChange={field.onChange} name={field.name} />}
          />
          <Field label="Link (optional)" error={errors.link?.message}>
            <Input type="url" placeholder="https://" {...register("link")} />
          </Field>
          <Field label="Start Date" error={errors.startDate?.message}>
            <Input type="date" {...register("startDate")} />
          </Field>
          <Field label="End Date (optional)" error={errors.endDate?.message}>
            <Input type="date" {...register("endDate")} />
          </Field>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => <Switch label="Active" checked={field.value} onCheckedChange={field.onChange} name={field.name} />}
          />
        </div>
      </Dialog.Body>
      <ItemFormFooter pending={pending} onCancel={onCancel} submitLabel={item ? "Update Notification" : "Create Notification"} />
    </form>
  );
}
