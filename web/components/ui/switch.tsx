// Ark's Switch styled with the switch slot recipe: a labelled on/off control (a checkbox for assistive tech).
import { Switch as ArkSwitch } from "@ark-ui/react/switch";
import { cx } from "@styled-system/css";
import { toggleSwitch } from "@styled-system/recipes";
import type { ReactNode } from "react";

const styles = toggleSwitch();

type SwitchProps = {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  name?: string;
  disabled?: boolean;
  className?: string;
};

export function Switch({ label, checked, onCheckedChange, name, disabled, className }: SwitchProps) {
  return (
    <ArkSwitch.Root
      className={cx(styles.root, className)}
      checked={checked}
      onCheckedChange={(details) => onCheckedChange(details.checked)}
      name={name}
      disabled={disabled}
    >
      <ArkSwitch.Control className={styles.control}>
        <ArkSwitch.Thumb className={styles.thumb} />
      </ArkSwitch.Control>
      <ArkSwitch.Label className={styles.label}>{label}</ArkSwitch.Label>
      <ArkSwitch.HiddenInput />
    </ArkSwitch.Root>
  );
}
