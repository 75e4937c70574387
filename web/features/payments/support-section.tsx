// 'Support the association' (issue 32, anchor "support"), after Contact: A$10, A$25, A$50, A$100 or another amount,
// once or monthly, to Stripe's Checkout. The page's first script carries only these fields: what a gift does on
// submit (the API call, the way to Checkout) is loaded then (./give.ts).

import { formatMoney } from "@server/shared/money.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { Input } from "@web/components/ui/field.tsx";
import { Section } from "@web/components/ui/section.tsx";
import { type FormEvent, useState } from "react";

const PRESETS = [1000, 2500, 5000, 10000];
const choice = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "2",
  px: "4",
  py: "2",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "control",
  bg: "surface",
  cursor: "pointer",
  _hover: { borderColor: "accent" },
});
const group = css({ display: "flex", flexWrap: "wrap", gap: "3", border: "none", p: "0", m: "0" });
const legend = css({ fontWeight: "600", mb: "2" });

export function SupportSection({ currency }: { currency: string }) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    setBusy(true);
    const { give } = await import("./give.ts");
    setError(await give(fields));
    setBusy(false);
  };
  return (
    <Section
      id="support"
      eyebrow="Dana"
      title="Support the association"
      intro="The classes are open to everyone, whatever they can give. A gift, once or each month, keeps the doors open and the teaching free of charge for those who cannot pay."
      tone="muted"
    >
      <form aria-label="Support the association" onSubmit={submit} className={css({ display: "grid", gap: "6", maxW: "prose" })}>
        <fieldset className={group}>
          <legend className={legend}>Amount</legend>
          {PRESETS.map((cents, index) => (
            <label key={cents} className={choice}>
              <input type="radio" name="preset" value={cents} defaultChecked={index === 1} />
              {formatMoney(cents, currency).replace(/\.00$/, "")}
            </label>
          ))}
          <label className={choice}>
            <input type="radio" name="preset" value="other" />
            Another amount
          </label>
          <Input name="other" inputMode="decimal" aria-label="Another amount (A$)" placeholder="A$" className={css({ maxW: "8rem" })} />
        </fieldset>
        <fieldset className={group}>
          <legend className={legend}>How often</legend>
          <label className={choice}>
            <input type="radio" name="monthly" value="" defaultChecked />
            Once
          </label>
          <label className={choice}>
            <input type="radio" name="monthly" value="1" />
            Monthly
          </label>
        </fieldset>
        {error && (
          <p role="alert" className={css({ color: "danger" })}>
            {error}
          </p>
        )}
        <div>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Taking you to payment..." : "Give"}
          </Button>
        </div>
      </form>
    </Section>
  );
}
