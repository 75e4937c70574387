// Registration for an event without an external link (the §5 registration schema and messages).

import { formatMoney } from "@server/shared/money.ts";
import { type RegistrationInput, registrationFormSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { controlStyle, Field, Input, Textarea } from "@web/components/ui/field.tsx";
import { useHoneypot } from "@web/components/ui/honeypot.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { toast } from "@web/components/ui/toast.tsx";
import { ApiError } from "@web/lib/api.ts";
import type { PublicEvent } from "@web/lib/api-types.ts";
import { eventsQueryOptions } from "@web/lib/queries/events.ts";
import { profileQueryOptions } from "@web/lib/queries/profile.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { registerForEvent } from "../api.ts";
import { registerLabel } from "../rules.ts";

/** `ticket` for a priced event, `amount` (dollars) for one by donation: each registered only where the event asks it. */
type FormValues = { name: string; email: string; phone: string; additionalInfo: string; ticket?: string; amount?: string };
const EMPTY: FormValues = { name: "", email: "", phone: "", additionalInfo: "" };

export function RegistrationForm({ event }: { event: PublicEvent }) {
  const form = useSchemaResolvedForm<FormValues, RegistrationInput>(registrationFormSchema, EMPTY);
  // The page's profile, as read with it (never fetched for the form); one from before issue 32 has no `payments`.
  const paymentsOn = useQuery({ ...profileQueryOptions(), enabled: false }).data?.payments?.enabled ?? false;
  const money = (cents: number) => formatMoney(cents, event.currency);
  const priced = event.price !== null && !event.byDonation;
  const { field: honeypot, withTrap } = useHoneypot();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: RegistrationInput) => registerForEvent(event.id, withTrap(input)),
    onSuccess: (answer) => {
      // Issue 32: the place is held; Stripe's Checkout takes the payment and sends the visitor back to the notice.
      if (answer.state === "pending") return window.location.assign(answer.checkoutUrl);
      toast(
        answer.state === "waiting"
          ? {
              title: "You're on the waiting list",
              description: `You are number ${answer.position} on the waiting list for ${event.name}. We will write to you when a place comes free.`,
            }
          : { title: "Registration received", description: `Thank you for registering for ${event.name}. We look forward to seeing you.` },
      );
      form.reset();
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
      {priced && (
        <Field label="Ticket *">
          <select className={controlStyle} {...form.register("ticket")}>
            <option value="full">Full price: {money(event.price ?? 0)}</option>
            {event.concessionPrice !== null && <option value="concession">Concession: {money(event.concessionPrice)}</option>}
          </select>
        </Field>
      )}
      {event.byDonation && (
        <Field
          label="Your contribution (A$)"
          error={errors.amount?.message}
          hint={`By donation${event.price ? `: ${money(event.price)} is suggested` : ""}. Give what you can, or 0.`}
        >
          <Input inputMode="decimal" {...form.register("amount")} />
        </Field>
      )}
      {priced && !paymentsOn && <p className={css({ gridColumn: { sm: "1 / -1" } })}>Pay at the door.</p>}
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
