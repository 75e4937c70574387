// The parts every list tab repeats: the create/edit/delete state, Edit and Delete on an item, and the dialog
// around its form.
import { Pencil, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { changedFields } from "./format.ts";

type Mutation<V> = { mutate: (variables: V, options: { onSuccess: () => void }) => void; isPending: boolean };

/**
 * Which item is being created, edited or deleted, and the calls that finish each: a dialog closes only when its call
 * succeeded (on failure it stays open, spec §8); an edit sends only the changed fields.
 */
export function useItemEditing<T extends { id: number }, V extends Record<string, unknown>>(mutations: {
  create: Mutation<V>;
  update: Mutation<{ id: number; changes: Partial<V> }>;
  remove: Mutation<number>;
}) {
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const current = editing === "new" ? null : editing;
  const closeEditor = () => setEditing(null);
  return {
    /** The item in the edit dialog (null while creating). */
    current,
    editorOpen: editing !== null,
    startCreate: () => setEditing("new"),
    startEdit: (item: T) => setEditing(item),
    closeEditor,
    saving: mutations.create.isPending || mutations.update.isPending,
    save(values: V) {
      if (current) mutations.update.mutate({ id: current.id, changes: changedFields(values, current) }, { onSuccess: closeEditor });
      else mutations.create.mutate(values, { onSuccess: closeEditor });
    },
    deleting,
    startDelete: (item: T) => setDeleting(item),
    closeDelete: () => setDeleting(null),
    removing: mutations.remove.isPending,
    confirmDelete() {
      if (deleting) mutations.remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
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

/** The create/edit dialog: mounted while open; Esc, the close button or `onClose` close it. */
export function FormDialog({ open, onClose, title, wide, children }: { open: boolean; onClose: () => void; title: string; wide?: boolean; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Dialog.Content className={wide ? css({ maxW: "3xl" }) : undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}
