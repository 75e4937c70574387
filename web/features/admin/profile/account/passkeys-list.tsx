// The account's passkeys (issue 22 item 2): 'Add a passkey' (named; several allowed), each removable, with its last use.
import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { formatDateTime } from "../../shared/format.ts";
import { listRow, Muted } from "../../shared/layout.tsx";
import { notifyError, notifySuccess } from "../../shared/notify.ts";
import { passkeysQueryOptions, useAddPasskey, useRemovePasskey } from "./api.ts";

export function PasskeysList() {
  const query = useQuery(passkeysQueryOptions());
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) return setError("Name the passkey");
    add.mutate(name.trim(), {
      onSuccess: () => {
        notifySuccess("Passkey added", "You can sign in with it from now on.");
        setName("");
      },
      onError: (failure) =>
        setError(serverMessageOr(failure, "The passkey was not added: the browser's prompt was closed or is not available here.")),
    });
  };
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <Muted>A passkey signs in with this device's screen lock or a security key: nothing to type, and a look-alike site cannot use it.</Muted>
      {query.data && query.data.length > 0 && (
        <ul aria-label="Passkeys" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          {query.data.map((key) => (
            <li key={key.id} className={listRow}>
              <div className={css({ minW: "0" })}>
                <p className={css({ fontWeight: "600" })}>{key.name}</p>
                <Muted>
                  added {formatDateTime(key.createdAt)} · {key.lastUsedAt ? `last used ${formatDateTime(key.lastUsedAt)}` : "not used yet"}
                </Muted>
              </div>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Remove ${key.name}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(key.id, {
                    onSuccess: () => notifySuccess("Passkey removed"),
                    onError: (error) => notifyError(error, "Failed to remove the passkey"),
                  })
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className={css({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: "3" })}>
        <Field label="Passkey name" error={error ?? undefined} className={css({ flex: "1", minW: "48" })}>
          <Input placeholder="e.g. Laptop" value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Button type="submit" variant="outline" disabled={add.isPending}>
          <KeyRound size={16} aria-hidden />
          {add.isPending ? "Adding..." : "Add a passkey"}
        </Button>
      </form>
    </div>
  );
}
