// Registration for an event without an external link (the §5 registration schema and messages).

import { type RegistrationInput, registrationFormSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { notice } from "@styled-system/recipes/notice";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PriceFields, suggestedAmount } from "@web/components/price-fields.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input, Textarea } from "@web/components/ui/field.tsx";
import { useHoneypot } from "@web/components/ui/honeypot.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { toast } from "@web/components/ui/toast.tsx";
import { ApiError } from "@web/lib/api.ts";
import type { PublicEvent } from "@web/lib/api-types.ts";
import { eventsQueryOptions } from "@web/lib/queries/events.ts";
import { profileQueryOptions } from "@web/lib/queries/profile.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { useState } from "react";
import { registerForEvent } from "../api.ts";
import { registerLabel } from "../rules.ts";

/** What the form became once it was sent (issue 38): the place taken, or the waiting list, or told it was already. */
type Registered = { answer: Exclude<Awaited<ReturnType<typeof registerForEvent>>, { state: "pending" }>; email: string };

/** The lasting panel that replaces the form: what happened, and where the details went. */
function RegisteredPanel({ event, done, onAnother }: { event: PublicEvent; done: Registered; onAnother: () => void }) {
  const { answer, email } = done;
  const waiting = answer.state === "waiting";
  const title = answer.already
    ? `You're already ${waiting ? "on the waiting list" : "registered"} for ${event.name}.`
    : `You're ${waiting ? "on the waiting list" : "registered"} for ${event.name}.`;
  const position = waiting ? `You are number ${answer.position}. ` : "";
  const text = answer.already
    ? `${position}${email} was registered before: we have not sent the details again, so look for our earlier mail.`
    : `${position}We've sent the details to ${email}.${waiting ? " We will write to you when a place comes free." : ""}`;
  return (
    <div role="status" className={cx(notice({ type: waiting ? "info" : "success" }), css({ flexDirection: "column" }))} data-testid="registered">
      <h4 tabIndex={-1} ref={(heading) => heading?.focus()} className={css({ fontWeight: "600", fontSize: "md", outline: "none" })}>
        {title}
      </h4>
      <p>{text}</p>
      <Button variant="outline" onClick={onAnother}>
        Register someone else
      </Button>
    </div>
  );
}

/** `ticket` for a priced event, `amount` (dollars) for one by donation: each registered only where the event asks it. */
type FormValues = { name: string; email: string; phone: string; additionalInfo: string; ticket?: string; amount?: string };
const EMPTY: FormValues = { name: "", email: "", phone: "", additionalInfo: "" };

export function RegistrationForm({ event }: { event: PublicEvent }) {
  // By donation, the suggested amount is where the field starts (issue 38).
  const form = useSchemaResolvedForm<FormValues, RegistrationInput>(registrationFormSchema, { ...EMPTY, ...suggestedAmount(event) });
  // The page's profile, as read with it (never fetched for the form); one from before issue 32 has no `payments`.
  const paymentsOn = useQuery({ ...profileQueryOptions(), enabled: false }).data?.payments?.enabled ?? false;
  const { field: honeypot, withTrap } = useHoneypot();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<Registered | null>(null);
  const mutation = useMutation({
    mutationFn: (input: RegistrationInput) => registerForEvent(event.id, withTrap(input)),
    onSuccess: (answer, input) => {
      // Issue 32: the place is held; Stripe's Checkout takes the payment and sends the visitor back to the notice.
      if (answer.state === "pending") return window.location.assign(answer.checkoutUrl);
      setDone({ answer, email: input.email });
    },
    onError: (error) =>
      toast({
        title: "Registration failed",
        description:
          error instanceof ApiError && error.status === 409 ? error.serverMessage : "There was a problem with your registration. Please try again.",
        variant: "destructive",
      }),
    // The places left change with every registration.
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryOptions().queryKey }),
  });
  const { errors } = form.formState;
  const busy = mutation.isPending;
  if (done)
    return (
      <RegisteredPanel
        event={event}
        done={done}
        onAnother={() => {
          form.reset();
          setDone(null);
        }}
      />
    );

  return (
    <form
      noValidate
      aria-label="Event registration"
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      className={css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" } })}
    >
      <Field label="Name *" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register("name")} />
      </Field>
      <Field label="Email *" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </Field>
      <Field label="Phone *" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...form.register("phone")} />
      </Field>
      <PriceFields
        priced={event}
        currency={event.currency}
        paymentsOn={paymentsOn}
        fullLabel="Full price"
        ticket={form.register("ticket")}
        amount={form.register("amount")}
        amountError={errors.amount?.message}
        giveNothing={() => form.setValue("amount", "0", { shouldValidate: true })}
      />
      <Field label="Additional Information" className={css({ gridColumn: { sm: "1 / -1" } })}>
        <Textarea rows={3} placeholder="Dietary needs, questions, anything we should know" {...form.register("additionalInfo")} />
      </Field>
      <div className={css({ gridColumn: { sm: "1 / -1" } })}>
        <Button type="submit" size="lg" disabled={busy}>
          {busy && <Spinner />}
          {busy ? "Registering..." : registerLabel(event)}
        </Button>
      </div>
      {honeypot}
    </form>
  );
}
