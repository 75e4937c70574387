// A pass's form (issue 40): its name, credits, prices in dollars, how many days it is valid, the classes it covers
// (or every class) and whether it is on sale.
import { type PassInput, passFormSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Checkbox } from "@web/components/ui/field.tsx";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { Controller } from "react-hook-form";
import { FormInput } from "../shared/form-input.tsx";
import { ItemFormFooter, type ItemFormProps } from "../shared/item-dialogs.tsx";
import { formGrid, fullRow } from "../shared/layout.tsx";
import type { PassProduct } from "./api.ts";

type PassValues = {
  name: string;
  credits: string;
  price: string;
  concessionPrice: string;
  validDays: string;
  classIds: number[] | null;
  active: boolean;
};

const dollars = (cents: number | null | undefined) => (cents == null ? "" : (cents / 100).toFixed(2));

const toValues = (item?: PassProduct | null): PassValues => ({
  name: item?.name ?? "",
  credits: item ? String(item.credits) : "10",
  price: dollars(item?.price),
  concessionPrice: dollars(item?.concessionPrice),
  validDays: item ? String(item.validDays) : "180",
  classIds: item?.classIds ?? null,
  active: item?.active ?? true,
});

type Props = ItemFormProps<PassProduct, PassInput> & { classes: { id: number; name: string }[] };

export function PassForm({ item, pending, onSubmit, onCancel, classes }: Props) {
  const form = useSchemaResolvedForm<PassValues, PassInput>(passFormSchema, toValues(item));
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Dialog.Body>
        <div className={formGrid}>
          <FormInput form={form} name="name" label="Name" placeholder="e.g. 10 classes" />
          <FormInput form={form} name="credits" label="Classes (credits)" inputMode="numeric" />
          <FormInput form={form} name="price" label="Price (A$)" inputMode="decimal" />
          <FormInput form={form} name="concessionPrice" label="Concession price (A$)" inputMode="decimal" placeholder="Empty: none" />
          <FormInput form={form} name="validDays" label="Valid for (days)" inputMode="numeric" />
          <Checkbox label="On sale" {...form.register("active")} />
          <Controller
            control={form.control}
            name="classIds"
            render={({ field, fieldState }) => (
              <fieldset className={fullRow}>
                <legend className={css({ fontSize: "sm", fontWeight: "600", mb: "1.5" })}>Classes it covers</legend>
                <div className={css({ display: "flex", flexWrap: "wrap", columnGap: "4", rowGap: "1" })}>
                  <Checkbox
                    label="Every class"
                    checked={field.value === null}
                    onChange={(change) => field.onChange(change.target.checked ? null : [])}
                  />
                  {field.value !== null &&
                    classes.map((entry) => (
                      <Checkbox
                        key={entry.id}
                        label={entry.name}
                        checked={field.value?.includes(entry.id) ?? false}
                        onChange={(change) =>
                          field.onChange(
                            change.target.checked ? [...(field.value ?? []), entry.id] : (field.value ?? []).filter((id) => id !== entry.id),
                          )
                        }
                      />
                    ))}
                </div>
                {fieldState.error?.message && (
                  <p role="alert" className={css({ fontSize: "sm", color: "danger", mt: "1.5" })}>
                    {fieldState.error.message}
                  </p>
                )}
              </fieldset>
            )}
          />
        </div>
      </Dialog.Body>
      <ItemFormFooter pending={pending} onCancel={onCancel} submitLabel={item ? "Update Pass" : "Create Pass"} />
    </form>
  );
}
