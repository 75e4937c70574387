// The admin's tables (issue 33): a table from `md` (`lg` with many columns) up, one card per row on a phone, where
// each value shows its column's name before it.

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { dataTable } from "@styled-system/recipes";
import type { HTMLAttributes, Key, ReactNode } from "react";

export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * `plain`: no name before the value on a phone, for a cell that speaks for itself (the row's actions, its message);
   * `hiddenHeader`: plain, and its header is read but not seen.
   */
  show?: "plain" | "hiddenHeader";
  className?: string;
};

type DataTableProps<Row> = {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  /** Many columns: a table only from `lg` up. */
  many?: boolean;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
};

export function DataTable<Row>({ columns, rows, rowKey, many, rowProps }: DataTableProps<Row>) {
  const styles = dataTable({ columns: many ? "many" : "few" });
  return (
    <div className={styles.frame}>
      <table className={styles.table}>
        <thead className={styles.head}>
          <tr>
            {columns.map((column) => (
              <th key={column.header} className={styles.header}>
                {column.show === "hiddenHeader" ? <span className={css({ srOnly: true })}>{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={styles.body}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={styles.row} {...rowProps?.(row)}>
              {columns.map((column) => (
                <td key={column.header} className={cx(styles.cell, column.className)} data-label={column.show ? undefined : column.header}>
                  <div className={styles.value}>{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
