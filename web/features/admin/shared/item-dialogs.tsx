// The parts every list tab repeats: Edit and Delete on an item, and the create/edit dialog around its form.
import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { css } from "../../../../styled-system/css";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";

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
