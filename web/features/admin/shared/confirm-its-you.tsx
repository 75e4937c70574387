// 'Confirm it's you' (issue 30, GitHub's "sudo mode"): the account e-mail, passkeys and the password change only with
// the password or a passkey given within the last 10 minutes. A call the server refuses for that (403, `proofRequired`)
// opens this dialog; once confirmed, the call is made again.

import { startAuthentication } from "@simplewebauthn/browser";
import { css } from "@styled-system/css" with { type: "macro" };
import { useMutation } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { ApiError, call, fieldOf, serverMessageOr } from "@web/lib/api.ts";
import { Fingerprint } from "lucide-react";
import { type FormEvent, useState, useSyncExternalStore } from "react";

/** The calls waiting for a proof (two at once share one dialog). */
type Waiting = { resolve: () => void; reject: () => void };
let waiting: readonly Waiting[] = [];
const listeners = new Set<() => void>();
const setWaiting = (next: readonly Waiting[]) => {
  waiting = next;
  for (const listener of listeners) listener();
};

function isProofRequired(error: unknown) {
  return error instanceof ApiError && error.status === 403 && fieldOf(error.body, "proofRequired") === true;
}

/** Runs a sensitive call; when the server asks for a recent proof, asks the person for one and runs it again. */
export async function withProof<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isProofRequired(error)) throw error;
    // Cancelled: the call fails with the server's own words ('Confirm it's you: ...').
    await new Promise<void>((resolve, reject) => setWaiting([...waiting, { resolve, reject: () => reject(error) }]));
    return run();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Mounted once in the admin area: the dialog the calls wrapped in `withProof` open. */
export function ConfirmItsYouDialog() {
  const calls = useSyncExternalStore(subscribe, () => waiting);
  const close = (confirmed: boolean) => {
    for (const waiter of calls) (confirmed ? waiter.resolve : waiter.reject)();
    setWaiting([]);
  };
  return (
    <Dialog.Root open={calls.length > 0} onOpenChange={(details) => !details.open && close(false)} lazyMount unmountOnExit>
      <Dialog.Content className={css({ maxW: "md" })}>
        <Dialog.Title>Confirm it's you</Dialog.Title>
        <Dialog.Description>This change needs your password or a passkey. You will not be asked again for 10 minutes.</Dialog.Description>
        <ConfirmForm onConfirmed={() => close(true)} onCancel={() => close(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ConfirmForm({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: async (proof: "password" | "passkey") => {
      if (proof === "password") return call((api) => api.admin.confirm.post({ password }));
      const optionsJSON = await call((api) => api.auth["passkey-options"].post({}));
      const passkey = await startAuthentication({ optionsJSON });
      return call((api) => api.admin.confirm.post({ passkey }));
    },
    onSuccess: onConfirmed,
    onError: (failure) => setError(serverMessageOr(failure, "That did not work: the passkey prompt was closed or is not available here.")),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!password) return setError("Enter your password");
    confirm.mutate("password");
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Field label="Password" error={error ?? undefined}>
          <Input type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </Field>
        <div>
          <Button
            variant="outline"
            disabled={confirm.isPending}
            onClick={() => {
              setError(null);
              confirm.mutate("passkey");
            }}
          >
            <Fingerprint size={16} aria-hidden />
            Use a passkey
          </Button>
        </div>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel} disabled={confirm.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? "Confirming..." : "Confirm"}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
