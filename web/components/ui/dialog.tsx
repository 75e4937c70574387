// Ark's Dialog parts styled with the dialog slot recipe; screens compose these and do not restyle them.
import { Dialog as ArkDialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { cx } from "@styled-system/css";
import { dialog } from "@styled-system/recipes/dialog";
import { X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "./button.tsx";

const styles = dialog();

type ContentProps = ComponentProps<typeof ArkDialog.Content> & { closeLabel?: string };

function Content({ children, className, closeLabel = "Close", ...props }: ContentProps) {
  return (
    <Portal>
      <ArkDialog.Backdrop className={styles.backdrop} />
      <ArkDialog.Positioner className={styles.positioner}>
        <ArkDialog.Content className={cx(styles.content, className)} {...props}>
          {children}
          <ArkDialog.CloseTrigger asChild>
            <Button variant="ghost" size="icon" className={styles.closeTrigger} aria-label={closeLabel}>
              <X size={20} aria-hidden />
            </Button>
          </ArkDialog.CloseTrigger>
        </ArkDialog.Content>
      </ArkDialog.Positioner>
    </Portal>
  );
}

const Title = ({ className, ...props }: ComponentProps<typeof ArkDialog.Title>) => (
  <ArkDialog.Title className={cx(styles.title, className)} {...props} />
);
const Description = ({ className, ...props }: ComponentProps<typeof ArkDialog.Description>) => (
  <ArkDialog.Description className={cx(styles.description, className)} {...props} />
);
const Body = ({ className, children }: { className?: string; children: ReactNode }) => <div className={cx(styles.body, className)}>{children}</div>;
const Footer = ({ className, children }: { className?: string; children: ReactNode }) => (
  <div className={cx(styles.footer, className)}>{children}</div>
);

export const Dialog = {
  Root: ArkDialog.Root,
  Trigger: ArkDialog.Trigger,
  CloseTrigger: ArkDialog.CloseTrigger,
  Content,
  Title,
  Description,
  Body,
  Footer,
};
