// The passes on sale (issue 40), each bought through Stripe's Checkout in three fields: name, e-mail, full or
// concession price. Without payments the page says they are sold at the door.

import { formatMoney } from "@server/shared/money.ts";
import { type PassCheckoutInput, passCheckoutSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { useState } from "react";
import { useBuyPass, usePassesOnSale } from "./api.ts";
import { cardStyle, headingStyle, mutedStyle, rowsStyle } from "./layout.ts";

const passStyle = css({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: "3" });

type Pass = NonNullable<ReturnType<typeof usePassesOnSale>["data"]>[number];
type Props = { paymentsOn: boolean; currency: string; classNames: Map<number, string>; email?: string; name?: string };

export function PassesForSale({ paymentsOn, currency, classNames, email, name }: Props) {
  const passes = usePassesOnSale().data ?? [];
  const [buying, setBuying] = useState<number | null>(null);
  if (passes.length === 0) return null;
  const covers = (pass: Pass) =>
    pass.classIds === null ? "Every class" : pass.classIds.map((id) => classNames.get(id) ?? "A class no longer offered").join(", ");
  return (
    <section aria-labelledby="passes-heading" id="passes" className={cardStyle}>
      <h2 id="passes-heading" tabIndex={-1} className={cx(headingStyle, css({ outline: "none" }))}>
        Class passes
      </h2>
      {!paymentsOn && <p>Passes are sold at the door: ask the teacher before your class.</p>}
      <ul className={rowsStyle}>
        {passes.map((pass) => (
          <li key={pass.id} className={css({ borderTopWidth: "1px", borderColor: "border", pt: "3" })}>
            <div className={passStyle}>
              <div>
                <h3 className={css({ fontWeight: "600" })}>{pass.name}</h3>
                <p className={mutedStyle}>
                  {pass.credits === 1 ? "1 class" : `${pass.credits} classes`}, valid {pass.validDays} days · {covers(pass)}
                </p>
              </div>
              <p className={css({ fontWeight: "600" })}>
                {formatMoney(pass.price, currency)}
                {pass.concessionPrice !== null && ` · concession ${formatMoney(pass.concessionPrice, currency)}`}
              </p>
              {paymentsOn && buying !== pass.id && (
                <Button variant="subtle" onClick={() => setBuying(pass.id)} aria-label={`Buy ${pass.name}`}>
                  Buy
                </Button>
              )}
            </div>
            {buying === pass.id && <BuyForm pass={pass} email={email} name={name} onCancel={() => setBuying(null)} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

type FormValues = { name: string; email: string; ticket: "full" | "concession" };

function BuyForm({ pass, email, name, onCancel }: { pass: Pass; email?: string; name?: string; onCancel: () => void }) {
  const form = useSchemaResolvedForm<FormValues, PassCheckoutInput>(passCheckoutSchema, { name: name ?? "", email: email ?? "", ticket: "full" });
  const buy = useBuyPass();
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label={`Buy ${pass.name}`}
      onSubmit={form.handleSubmit((values) => buy.mutate({ id: pass.id, ...values }))}
      className={css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, mt: "3" })}
    >
      <Field label="Name *" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register("name")} />
      </Field>
      <Field label="Email *" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </Field>
      {pass.concessionPrice !== null && (
        <fieldset className={css({ gridColumn: { sm: "1 / -1" }, display: "flex", gap: "4", flexWrap: "wrap" })}>
          <legend className={css({ fontSize: "sm", fontWeight: "600", mb: "1" })}>Price</legend>
          <label className={css({ display: "flex", gap: "2", alignItems: "center" })}>
            <input type="radio" value="full" {...form.register("ticket")} /> Full price
          </label>
          <label className={css({ display: "flex", gap: "2", alignItems: "center" })}>
            <input type="radio" value="concession" {...form.register("ticket")} /> Concession
          </label>
        </fieldset>
      )}
      {buy.isError && (
        <p role="alert" className={css({ gridColumn: { sm: "1 / -1" }, color: "danger" })}>
          {serverMessageOr(buy.error, "Payments are not available right now. Please try again in a few minutes.")}
        </p>
      )}
      <div className={css({ gridColumn: { sm: "1 / -1" }, display: "flex", flexWrap: "wrap", gap: "3" })}>
        <Button type="submit" size="lg" disabled={buy.isPending}>
          {buy.isPending ? "Opening the payment..." : "Pay"}
        </Button>
        <Button variant="outline" size="lg" onClick={onCancel}>
          Not now
        </Button>
      </div>
    </form>
  );
}
