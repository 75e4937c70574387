// Ark's Tabs styled with the tabs slot recipe: arrow keys move between triggers, Home/End jump.
import { Tabs as ArkTabs } from "@ark-ui/react/tabs";
import { cx } from "@styled-system/css";
import { tabs } from "@styled-system/recipes";
import type { ComponentProps } from "react";

const styles = tabs();

const Root = ({ className, ...props }: ComponentProps<typeof ArkTabs.Root>) => <ArkTabs.Root className={cx(styles.root, className)} {...props} />;
const List = ({ className, ...props }: ComponentProps<typeof ArkTabs.List>) => <ArkTabs.List className={cx(styles.list, className)} {...props} />;
const Trigger = ({ className, ...props }: ComponentProps<typeof ArkTabs.Trigger>) => (
  <ArkTabs.Trigger className={cx(styles.trigger, className)} {...props} />
);
const Content = ({ className, ...props }: ComponentProps<typeof ArkTabs.Content>) => (
  <ArkTabs.Content className={cx(styles.content, className)} {...props} />
);

export const Tabs = { Root, List, Trigger, Content };
