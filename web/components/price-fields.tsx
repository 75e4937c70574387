// What a place costs on a public form (issues 32 and 38), for an event's registration and a class date's booking alike:
// a priced place's ticket, or a by-donation place's contribution starting at the suggested amount, where giving
// nothing is a deliberate choice ('I can't give now', or 0 typed); with payments off, a priced place is paid at the door.
import { formatMoney } from "@server/shared/money.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { controlStyle, Field, Input } from "@web/components/ui/field.tsx";
import type { UseFormRegisterReturn } from "react-hook-form";

type Priced = { price: number | null; concessionPrice: number | null; byDonation: boolean };

/** The contribution field's start: the suggested amount in dollars ("20.00"), for a by-donation place. */
export const suggestedAmount = (priced: Priced) => (priced.byDonation ? { amount: priced.price ? (priced.price / 100).toFixed(2) : "" } : {});

type Props = {
  priced: Priced;
  currency: string;
  paymentsOn: boolean;
  /** The full price's name in the ticket list: "Full price", "Drop-in". */
  fullLabel: string;
  ticket: UseFormRegisterReturn;
  amount: UseFormRegisterReturn;
  amountError: string | undefined;
  /** 'I can't give now': the contribution set to 0. */
  giveNothing: () => void;
};

export function PriceFields({ priced, currency, paymentsOn, fullLabel, ticket, amount, amountError, giveNothing }: Props) {
  const money = (cents: number) => formatMoney(cents, currency);
  const set = priced.price !== null && !priced.byDonation;
  return (
    <>
      {set && (
        <Field label="Ticket *">
          <select className={controlStyle} {...ticket}>
            <option value="full">
              {fullLabel}: {money(priced.price ?? 0)}
            </option>
            {priced.concessionPrice !== null && <option value="concession">Concession: {money(priced.concessionPrice)}</option>}
          </select>
        </Field>
      )}
      {priced.byDonation && (
        <div className={css({ display: "grid", gap: "2", alignContent: "start" })}>
          <Field
            label="Your contribution (A$)"
            error={amountError}
            hint={`By donation${priced.price ? `: ${money(priced.price)} is suggested` : ""}. Give what you can, or 0.`}
          >
            <Input inputMode="decimal" {...amount} />
          </Field>
          <Button type="button" variant="outline" size="sm" onClick={giveNothing}>
            I can't give now
          </Button>
        </div>
      )}
      {set && !paymentsOn && <p className={css({ gridColumn: { sm: "1 / -1" } })}>Pay at the door.</p>}
    </>
  );
}
