// The Classes tab's 'Passes' (issue 40): the passes she sells (created, changed, taken off sale, deleted: a pass held
// keeps what it was), a pass sold at the door ('Add a pass', on the Money tab), her paper cards imported from a CSV,
// and the passes her students hold, each with a credit given back or its end moved, with a note for the log.
import { formatMoney } from "@server/shared/money.ts";
import type { PassInput } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Field, Input, Textarea } from "@web/components/ui/field.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { type FormEvent, useState } from "react";
import { type Column, DataTable } from "../shared/data-table.tsx";
import { formatDateTime } from "../shared/format.ts";
import { EditDeleteButtons, ItemDialogs, ItemFormFooter, useItemEditing } from "../shared/item-dialogs.tsx";
import { formGrid, fullRow, Panel, StateText } from "../shared/layout.tsx";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import {
  adminClassesQueryOptions,
  type IssuedPass,
  issuedPassesQueryOptions,
  type PassProduct,
  passesQueryOptions,
  useAddPass,
  useAdjustPass,
  useCreatePass,
  useDeletePass,
  useImportPasses,
  useUpdatePass,
} from "./api.ts";
import { PassForm } from "./pass-form.tsx";

const CURRENCY = "aud";
const day = (iso: string) => formatDateTime(iso).split(",")[0];

export function PassesPanel() {
  const passes = useQuery(passesQueryOptions());
  const classes = useQuery(adminClassesQueryOptions()).data ?? [];
  const names = new Map(classes.map((entry) => [entry.id, entry.name]));
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const items = useItemEditing<PassProduct, PassInput>(
    { create: useCreatePass(), update: useUpdatePass(), remove: useDeletePass() },
    {
      created: "Pass created",
      updated: "Pass updated",
      deleted: "Pass deleted",
      failed: (error, call) => `Failed to ${call} the pass: ${serverMessageOr(error, "please try again")}`,
    },
  );
  const columns: Column<PassProduct>[] = [
    { header: "Pass", cell: (row) => <strong>{row.name}</strong> },
    { header: "Classes", cell: (row) => `${row.credits}, valid ${row.validDays} days` },
    {
      header: "Covers",
      cell: (row) => (row.classIds === null ? "Every class" : row.classIds.map((id) => names.get(id) ?? "A deleted class").join(", ")),
    },
    {
      header: "Price",
      cell: (row) =>
        `${formatMoney(row.price, CURRENCY)}${row.concessionPrice !== null ? ` · concession ${formatMoney(row.concessionPrice, CURRENCY)}` : ""}`,
    },
    { header: "On sale", cell: (row) => (row.active ? "Yes" : "No") },
    {
      header: "Actions",
      show: "plain",
      cell: (row) => <EditDeleteButtons name={row.name} onEdit={() => items.startEdit(row)} onDelete={() => items.startDelete(row)} />,
    },
  ];
  return (
    <Panel
      title="Passes"
      description="Class passes students buy on My practice: a number of classes for a price, valid for so many days. A pass bought keeps what it was."
      actions={
        <>
          <Button onClick={() => items.startCreate()}>+ Create Pass</Button>
          <Button variant="outline" onClick={() => setAdding(true)}>
            Add a pass
          </Button>
          <Button variant="outline" onClick={() => setImporting(true)}>
            Import passes
          </Button>
        </>
      }
    >
      {passes.isPending ? (
        <StateText>Loading passes...</StateText>
      ) : !passes.data?.length ? (
        <StateText>No passes yet</StateText>
      ) : (
        <DataTable columns={columns} rows={passes.data} rowKey={(row) => row.id} many />
      )}
      <HeldPasses />
      <ItemDialogs
        items={items}
        titles={{ create: "Create Pass", edit: "Edit Pass", delete: "Delete Pass" }}
        deleteDescription="Delete this pass? It is no longer sold; the passes students hold stay valid as they are."
        form={(props) => <PassForm {...props} classes={classes} />}
      />
      <AddPassDialog open={adding} onClose={() => setAdding(false)} products={passes.data ?? []} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Panel>
  );
}

/** The passes her students hold, found by e-mail (the newest first), each with a credit given back or its end moved. */
function HeldPasses() {
  const [search, setSearch] = useState("");
  const [email, setEmail] = useState("");
  const held = useQuery(issuedPassesQueryOptions(email));
  const [adjusting, setAdjusting] = useState<IssuedPass | null>(null);
  const columns: Column<IssuedPass>[] = [
    { header: "Student", cell: (row) => `${row.name} (${row.email})` },
    { header: "Pass", cell: (row) => row.title },
    { header: "Left", cell: (row) => `${row.creditsLeft} of ${row.credits}` },
    { header: "Until", cell: (row) => day(row.expiresAt) },
    {
      header: "Actions",
      show: "plain",
      cell: (row) => (
        <Button variant="outline" size="sm" onClick={() => setAdjusting(row)} aria-label={`Give back or extend ${row.name}'s ${row.title}`}>
          Give back or extend
        </Button>
      ),
    },
  ];
  return (
    <section aria-labelledby="held-passes" className={css({ mt: "6", display: "flex", flexDirection: "column", gap: "3" })}>
      <h3 id="held-passes" className={css({ fontSize: "lg", fontWeight: "600" })}>
        Passes held
      </h3>
      <form
        aria-label="Find a student's passes"
        onSubmit={(event) => {
          event.preventDefault();
          setEmail(search.trim().toLowerCase());
        }}
        className={css({ display: "flex", gap: "2", alignItems: "flex-end", flexWrap: "wrap" })}
      >
        <Field label="Student's e-mail">
          <Input type="email" value={search} onChange={(event) => setSearch(event.target.value)} />
        </Field>
        <Button type="submit" variant="outline">
          Find
        </Button>
      </form>
      {held.data?.length ? (
        <DataTable columns={columns} rows={held.data} rowKey={(row) => row.id} />
      ) : (
        <StateText>{held.isPending ? "Loading..." : "No passes held"}</StateText>
      )}
      <AdjustDialog pass={adjusting} onClose={() => setAdjusting(null)} />
    </section>
  );
}

function AdjustDialog({ pass, onClose }: { pass: IssuedPass | null; onClose: () => void }) {
  const adjust = useAdjustPass();
  const [credits, setCredits] = useState("1");
  const [expires, setExpires] = useState("");
  const [note, setNote] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pass) return;
    const given = credits.trim() ? Number(credits) : undefined;
    adjust.mutate(
      { id: pass.id, ...(given ? { credits: given } : {}), ...(expires ? { expires } : {}), note },
      {
        onSuccess: () => {
          notifySuccess("Pass changed", `${pass.name}'s pass is changed, and the activity log says why.`);
          onClose();
        },
        onError: (error) => notifyError(error, serverMessageOr(error, "The pass could not be changed")),
      },
    );
  };
  return (
    <Dialog.Root open={pass !== null} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Dialog.Content>
        <Dialog.Title>Give back or extend</Dialog.Title>
        <form onSubmit={submit} noValidate>
          <Dialog.Body>
            <p className={css({ mb: "3" })}>
              {pass?.name}'s {pass?.title}: {pass?.creditsLeft} of {pass?.credits} left, until {pass && day(pass.expiresAt)}.
            </p>
            <div className={formGrid}>
              <Field label="Credits to give back">
                <Input inputMode="numeric" value={credits} onChange={(event) => setCredits(event.target.value)} />
              </Field>
              <Field label="New last day (optional)">
                <Input type="date" value={expires} onChange={(event) => setExpires(event.target.value)} />
              </Field>
              <Field label="Note (for the activity log)" className={fullRow}>
                <Textarea rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
              </Field>
            </div>
          </Dialog.Body>
          <ItemFormFooter pending={adjust.isPending} onCancel={onClose} submitLabel="Save" />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** 'Add a pass': one sold at the door, with what was paid (recorded on the Money tab). */
function AddPassDialog({ open, onClose, products }: { open: boolean; onClose: () => void; products: PassProduct[] }) {
  const add = useAddPass();
  const [fields, setFields] = useState({ email: "", name: "", product: "", credits: "10", expires: "", amount: "" });
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });
  const chosen = products.find((product) => String(product.id) === fields.product);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      {
        email: fields.email.trim().toLowerCase(),
        name: fields.name.trim(),
        credits: Number(fields.credits),
        expires: fields.expires,
        amount: Math.round(Number(fields.amount || 0) * 100),
        passId: chosen?.id ?? null,
      },
      {
        onSuccess: (pass) => {
          notifySuccess("Pass added", `${pass.name} has ${pass.credits} classes, mailed with the way to My practice.`);
          onClose();
        },
        onError: (error) => notifyError(error, serverMessageOr(error, "The pass could not be added")),
      },
    );
  };
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Dialog.Content>
        <Dialog.Title>Add a pass</Dialog.Title>
        <form onSubmit={submit} noValidate>
          <Dialog.Body>
            <div className={formGrid}>
              <Field label="Student's e-mail">
                <Input type="email" value={fields.email} onChange={set("email")} />
              </Field>
              <Field label="Student's name">
                <Input value={fields.name} onChange={set("name")} />
              </Field>
              <Field label="Pass">
                <select
                  value={fields.product}
                  onChange={(event) => {
                    const product = products.find((candidate) => String(candidate.id) === event.target.value);
                    setFields({ ...fields, product: event.target.value, ...(product && { credits: String(product.credits) }) });
                  }}
                  className={css({ h: "10", px: "3", borderWidth: "1px", borderColor: "border.strong", borderRadius: "control", bg: "surface" })}
                >
                  <option value="">Another pass</option>
                  {products.map((product) => (
                    <option key={product.id} value={product.id}>
                      {product.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Classes (credits)">
                <Input inputMode="numeric" value={fields.credits} onChange={set("credits")} />
              </Field>
              <Field label="Last day">
                <Input type="date" value={fields.expires} onChange={set("expires")} />
              </Field>
              <Field label="Paid at the door (A$)">
                <Input inputMode="decimal" value={fields.amount} onChange={set("amount")} />
              </Field>
            </div>
          </Dialog.Body>
          <ItemFormFooter pending={add.isPending} onCancel={onClose} submitLabel="Add the pass" />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** 'Import passes': a CSV of email,name,credits,expires; each line issued or refused, with its reason. */
function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const importing = useImportPasses();
  const [file, setFile] = useState<File | null>(null);
  const result = importing.data;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (details.open) return;
        importing.reset();
        onClose();
      }}
      lazyMount
      unmountOnExit
    >
      <Dialog.Content>
        <Dialog.Title>Import passes</Dialog.Title>
        <form
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            if (file)
              importing.mutate(await file.text(), { onError: (error) => notifyError(error, serverMessageOr(error, "The file could not be read")) });
          }}
        >
          <Dialog.Body>
            <p className={css({ mb: "3" })}>
              A CSV with the columns <code>email,name,credits,expires</code> (the last day, YYYY-MM-DD), one paper card a line.
            </p>
            <Field label="CSV file">
              <Input type="file" accept=".csv,text/csv" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
            </Field>
            {result && (
              <div role="status" className={css({ mt: "4" })}>
                <p className={css({ fontWeight: "600" })}>
                  {result.issued === 1 ? "1 pass issued" : `${result.issued} passes issued`}, {result.lines.length - result.issued} refused.
                </p>
                <ul className={css({ mt: "2", fontSize: "sm", display: "flex", flexDirection: "column", gap: "1" })}>
                  {result.lines.map((line) => (
                    <li key={line.line}>
                      Line {line.line}, {line.email}: {line.state === "issued" ? "issued" : `refused: ${line.reason}`}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" disabled={!file || importing.isPending}>
              {importing.isPending ? "Importing..." : "Import"}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
