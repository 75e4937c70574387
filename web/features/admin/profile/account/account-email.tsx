// 'Account e-mail': the one address reset links, sign-in codes and notices go to. A new one takes effect when the link
// mailed to it is opened (issue 30); changing it asks 'Confirm it's you' when the last proof is older than 10 minutes.
import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { type FormEvent, useEffect, useState } from "react";
import { accountQueryOptions } from "../../shared/account.ts";
import { Muted } from "../../shared/layout.tsx";
import { notifySuccess } from "../../shared/notify.ts";
import { useSetAccountEmail } from "./api.ts";

export function AccountEmail() {
  const query = useQuery(accountQueryOptions());
  const save = useSetAccountEmail();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setEmail(query.data?.email ?? ""), [query.data?.email]);
  if (!query.data) return <Muted>Loading the account...</Muted>;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(email.trim(), {
      onSuccess: (account) =>
        account.pendingEmail
          ? notifySuccess("Check your mail", `Open the link sent to ${account.pendingEmail} to confirm the new address.`)
          : notifySuccess("Account e-mail saved"),
      onError: (failure) => setError(serverMessageOr(failure, "Saving failed")),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <Field label="Account e-mail" error={error ?? undefined}>
        <Input type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </Field>
      <Muted>
        {query.data.mail
          ? `Reset links, sign-in codes for a new device and security notices go to ${query.data.email ?? "no address yet: set one here"}.`
          : "Mail is off on this server: no code is asked when a new device signs in, and 'Forgot password?' cannot send a link. Add a passkey: it cannot be phished."}
      </Muted>
      {query.data.pendingEmail && (
        <p role="status" className={css({ fontSize: "sm", color: "accent.strong" })}>
          Waiting for {query.data.pendingEmail}: the address changes when the link mailed to it is opened.
        </p>
      )}
      <div>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save e-mail"}
        </Button>
      </div>
    </form>
  );
}
