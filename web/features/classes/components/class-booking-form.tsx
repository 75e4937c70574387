// A class date's booking (issue 39): two fields, and the ticket or the contribution of a drop-in; the lasting panel
// that replaces it says what happened and where the details went. A paid drop-in goes to Stripe's Checkout.
import { formatClassStart } from "@server/shared/dates.ts";
import { type ClassBookingInput, classBookingFormSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { notice } from "@styled-system/recipes/notice";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PriceFields, suggestedAmount } from "@web/components/price-fields.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { useHoneypot } from "@web/components/ui/honeypot.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { toast } from "@web/components/ui/toast.tsx";
import { ApiError, call } from "@web/lib/api.ts";
import type { PublicClass } from "@web/lib/api-types.ts";
import { profileQueryOptions } from "@web/lib/queries/profile.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { useState } from "react";

type ClassDate = PublicClass["upcoming"][number];
const bookDate = (id: number, date: string, input: ClassBookingInput & { website?: string }) =>
  call((api) => api.classes({ id }).dates({ date }).bookings.post(input));
type Booked = { answer: Exclude<Awaited<ReturnType<typeof bookDate>>, { state: "pending" }>; email: string };

type FormValues = { name: string; email: string; ticket?: string; amount?: string };

type Props = { item: PublicClass; date: ClassDate; timezone: string; currency: string; onBack: () => void };

export function ClassBookingForm({ item, date, timezone, currency, onBack }: Props) {
  const when = formatClassStart(date.startsAt, timezone);
  const form = useSchemaResolvedForm<FormValues, ClassBookingInput>(classBookingFormSchema, { name: "", email: "", ...suggestedAmount(item) });
  const paymentsOn = useQuery({ ...profileQueryOptions(), enabled: false }).data?.payments?.enabled ?? false;
  const { field: honeypot, withTrap } = useHoneypot();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<Booked | null>(null);
  const mutation = useMutation({
    mutationFn: (input: ClassBookingInput) => bookDate(item.id, date.date, withTrap(input)),
    onSuccess: (answer, input) => {
      if (answer.state === "pending") return window.location.assign(answer.checkoutUrl);
      setDone({ answer, email: input.email });
    },
    onError: (error) =>
      toast({
        title: "Booking failed",
        description:
          error instanceof ApiError && error.status < 500 ? error.serverMessage : "There was a problem with your booking. Please try again.",
        variant: "destructive",
      }),
    // The places left change with every booking.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["/api/classes"] }),
  });
  const { errors } = form.formState;
  const busy = mutation.isPending;
  const waitingList = date.state === "full";

  if (done) {
    const waiting = done.answer.state === "waiting";
    return (
      <div role="status" className={cx(notice({ type: waiting ? "info" : "success" }), css({ flexDirection: "column" }))} data-testid="booked">
        <h4 tabIndex={-1} ref={(heading) => heading?.focus()} className={css({ fontWeight: "600", fontSize: "md", outline: "none" })}>
          {waiting ? `You're on the waiting list for ${item.name}, ${when}.` : `You're booked for ${item.name}, ${when}.`}
        </h4>
        <p>
          {done.answer.state === "waiting" && `You are number ${done.answer.position}. `}
          We've sent the details to {done.email}.{waiting && " We will write to you when a place comes free."}
        </p>
        <Button variant="outline" onClick={onBack}>
          Back to the dates
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label={`Book ${item.name}, ${when}`}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      className={css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" } })}
    >
      <h4 className={css({ gridColumn: { sm: "1 / -1" }, fontWeight: "600", color: "heading" })}>
        <time dateTime={date.startsAt}>{when}</time>
        {waitingList && ": full, join the waiting list"}
      </h4>
      <Field label="Name *" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register("name")} />
      </Field>
      <Field label="Email *" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </Field>
      <PriceFields
        priced={item}
        currency={currency}
        paymentsOn={paymentsOn}
        fullLabel="Drop-in"
        ticket={form.register("ticket")}
        amount={form.register("amount")}
        amountError={errors.amount?.message}
        giveNothing={() => form.setValue("amount", "0", { shouldValidate: true })}
      />
      <div className={css({ gridColumn: { sm: "1 / -1" }, display: "flex", flexWrap: "wrap", gap: "3" })}>
        <Button type="submit" size="lg" disabled={busy}>
          {busy && <Spinner />}
          {busy ? "Booking..." : waitingList ? "Join the waiting list" : "Book"}
        </Button>
        <Button type="button" variant="outline" size="lg" onClick={onBack}>
          Back to the dates
        </Button>
      </div>
      {honeypot}
    </form>
  );
}
