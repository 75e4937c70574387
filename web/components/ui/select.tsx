// Ark's Select styled with the select slot recipe, for a plain list of {value, label} options.
import { Select as ArkSelect, createListCollection } from "@ark-ui/react/select";
import { select } from "@styled-system/recipes";
import { Check, ChevronDown } from "lucide-react";
import { type ReactNode, useMemo } from "react";

const styles = select();

type SelectOption = { value: string; label: string; icon?: ReactNode };

type SelectProps = {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  name?: string;
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
};

/** A single-choice select. Its list is positioned `fixed` so it is not clipped inside a scrolling dialog. */
export function Select({ label, options, value, onValueChange, name, placeholder = "Select…", invalid, disabled }: SelectProps) {
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options]);
  const selected = options.find((option) => option.value === value);
  return (
    <ArkSelect.Root
      className={styles.root}
      collection={collection}
      value={value ? [value] : []}
      onValueChange={(details) => details.value[0] !== undefined && onValueChange(details.value[0])}
      name={name}
      invalid={invalid}
      disabled={disabled}
      positioning={{ strategy: "fixed", sameWidth: true }}
    >
      <ArkSelect.Label className={styles.label}>{label}</ArkSelect.Label>
      <ArkSelect.Control className={styles.control}>
        <ArkSelect.Trigger className={styles.trigger}>
          <span className={styles.itemText}>
            {selected?.icon}
            <ArkSelect.ValueText className={styles.valueText} placeholder={placeholder} />
          </span>
          <ArkSelect.Indicator className={styles.indicator}>
            <ChevronDown size={16} aria-hidden />
          </ArkSelect.Indicator>
        </ArkSelect.Trigger>
      </ArkSelect.Control>
      <ArkSelect.Positioner className={styles.positioner}>
        <ArkSelect.Content className={styles.content}>
          {collection.items.map((item) => (
            <ArkSelect.Item key={item.value} item={item} className={styles.item}>
              <ArkSelect.ItemText className={styles.itemText}>
                {item.icon}
                {item.label}
              </ArkSelect.ItemText>
              <ArkSelect.ItemIndicator className={styles.itemIndicator}>
                <Check size={16} aria-hidden />
              </ArkSelect.ItemIndicator>
            </ArkSelect.Item>
          ))}
        </ArkSelect.Content>
      </ArkSelect.Positioner>
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  );
}
