// The parts every list tab repeats: the create/edit/delete state, Edit and Delete on an item, and the dialogs
// around its form and its deletion.

import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { changedFields } from "./format.ts";
import { notifyError, notifySuccess } from "./notify.ts";

type Mutation<V> = { mutate: (variables: V, options: { onSuccess: () => void; onError: (error: Error) => void }) => void; isPending: boolean };

type ItemCall = "create" | "update" | "delete";
/** What a list tab says when a call ends: the success toasts, and the failure's description. */
export type ItemToasts = { created: string; updated: string; deleted: string; failed: (error: Error, call: ItemCall) => string };

/** Which item is being created, edited or deleted, and the calls that finish each (`useItemEditing`). */
export type ItemEditing<T, V> = {
  /** The item in the edit dialog (null while creating). */
  current: T | null;
  editorOpen: boolean;
  startCreate: () => void;
  startEdit: (item: T) => void;
  closeEditor: () => void;
  saving: boolean;
  save: (values: V) => void;
  deleting: T | null;
  startDelete: (item: T) => void;
  closeDelete: () => void;
  removing: boolean;
  confirmDelete: () => void;
};

/**
 * The state of a list tab's dialogs: a dialog closes only when its call succeeded (on failure it stays open, spec §8);
 * an edit sends only the changed fields; the tab's toasts say how each call ended.
 */
export function useItemEditing<T extends { id: number }, V extends Record<string, unknown>>(
  mutations: { create: Mutation<V>; update: Mutation<{ id: number; changes: Partial<V> }>; remove: Mutation<number> },
  toasts: ItemToasts,
): ItemEditing<T, V> {
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const current = editing === "new" ? null : editing;
  const closeEditor = () => setEditing(null);
  const ended = (call: ItemCall, done: string, close: () => void) => ({
    onSuccess: () => {
      notifySuccess(done);
      close();
    },
    onError: (error: Error) => notifyError(error, toasts.failed(error, call)),
  });
  return {
    current,
    editorOpen: editing !== null,
    startCreate: () => setEditing("new"),
    startEdit: (item: T) => setEditing(item),
    closeEditor,
    saving: mutations.create.isPending || mutations.update.isPending,
    save(values: V) {
      if (current) mutations.update.mutate({ id: current.id, changes: changedFields(values, current) }, ended("update", toasts.updated, closeEditor));
      else mutations.create.mutate(values, ended("create", toasts.created, closeEditor));
    },
    deleting,
    startDelete: (item: T) => setDeleting(item),
    closeDelete: () => setDeleting(null),
    removing: mutations.remove.isPending,
    confirmDelete() {
      if (deleting)
        mutations.remove.mutate(
          deleting.id,
          ended("delete", toasts.deleted, () => setDeleting(null)),
        );
    },
  };
}

/** The Edit and Delete buttons of one item, named after it for screen readers. */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil size={14} aria-hidden />
        Edit
      </Button>
      <Button size="sm" variant="outline" onClick={onDelete} aria-label={`Delete ${name}`}>
        <Trash2 size={14} aria-hidden />
        Delete
      </Button>
    </>
  );
}

/** What a create/edit form gets: the item (none while creating), whether its call runs, and the calls that finish it. */
export type ItemFormProps<T, V> = { item?: T | null; pending: boolean; onSubmit: (values: V) => void; onCancel: () => void };

/** The end of a create/edit form: Cancel, and its submit button, "Saving..." while the call runs. */
export function ItemFormFooter({ pending, onCancel, submitLabel }: { pending: boolean; onCancel: () => void; submitLabel: string }) {
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? "Saving..." : submitLabel}
      </Button>
    </Dialog.Footer>
  );
}

type ItemDialogsProps<T, V> = {
  items: ItemEditing<T, V>;
  /** The titles of the create, edit and delete dialogs. */
  titles: { create: string; edit: string; delete: string };
  deleteDescription: string;
  /** A wider create/edit dialog, for the longer forms. */
  wide?: boolean;
  /** The create/edit form, given the item, the pending state and the calls that finish it. */
  form: (props: ItemFormProps<T, V>) => ReactNode;
};

/**
 * A list tab's create/edit dialog (mounted while open; Esc, the close button or Cancel close it, after "Discard
 * changes?" when something was typed: issue 38) and its delete confirmation.
 */
export function ItemDialogs<T, V>({ items, titles, deleteDescription, wide, form }: ItemDialogsProps<T, V>) {
  // Anything typed, picked or toggled in the form since it opened (its fields, the editor, the switches).
  const changed = useRef(false);
  const [asking, setAsking] = useState(false);
  const close = () => {
    if (!changed.current) return items.closeEditor();
    setAsking(true);
  };
  const markChanged = () => {
    changed.current = true;
  };
  useEffect(() => {
    if (items.editorOpen) changed.current = false;
  }, [items.editorOpen]);
  return (
    <>
      <Dialog.Root open={items.editorOpen} onOpenChange={(details) => !details.open && close()} lazyMount unmountOnExit>
        <Dialog.Content className={wide ? css({ maxW: "3xl" }) : undefined}>
          <Dialog.Title>{items.current ? titles.edit : titles.create}</Dialog.Title>
          <div
            className={css({ display: "contents" })}
            onInput={markChanged}
            onChange={markChanged}
            onClickCapture={(click) => (click.target as Element).closest("[role=switch]") && markChanged()}
          >
            {form({ item: items.current, pending: items.saving, onSubmit: items.save, onCancel: close })}
          </div>
        </Dialog.Content>
      </Dialog.Root>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Discard changes?"
        description="What you changed in this form is not saved."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={() => {
          setAsking(false);
          items.closeEditor();
        }}
      />
      <ConfirmDialog
        open={items.deleting !== null}
        onOpenChange={(open) => !open && items.closeDelete()}
        title={titles.delete}
        description={deleteDescription}
        pending={items.removing}
        onConfirm={items.confirmDelete}
      />
    </>
  );
}
