// Ark's Menu styled with the menu slot recipe: a trigger and a list of actions.
import { Menu as ArkMenu } from "@ark-ui/react/menu";
import type { ComponentProps } from "react";
import { cx } from "../../../styled-system/css";
import { menu } from "../../../styled-system/recipes";

const styles = menu();

const Content = ({ className, children, ...props }: ComponentProps<typeof ArkMenu.Content>) => (
  <ArkMenu.Positioner className={styles.positioner}>
    <ArkMenu.Content className={cx(styles.content, className)} {...props}>
      {children}
    </ArkMenu.Content>
  </ArkMenu.Positioner>
);
const Item = ({ className, danger, ...props }: ComponentProps<typeof ArkMenu.Item> & { danger?: boolean }) => (
  <ArkMenu.Item className={cx(styles.item, className)} data-variant={danger ? "danger" : undefined} {...props} />
);
const Separator = ({ className, ...props }: ComponentProps<typeof ArkMenu.Separator>) => (
  <ArkMenu.Separator className={cx(styles.separator, className)} {...props} />
);

export const Menu = { Root: ArkMenu.Root, Trigger: ArkMenu.Trigger, Content, Item, Separator };
