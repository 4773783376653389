// The 合计 row of a grid: the page's sum of each summary column, in exact decimals, at the
// field's precision.
import { Table } from 'antd';
import type { Key } from 'react';
import type { ColumnType } from 'antd/es/table';
import { type EntityDef, isNumeric, sum } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { numberText } from '../fields/FieldDisplay';

type Row = Record<string, unknown>;

export interface SummaryColumn {
  readonly key?: Key;
  readonly align?: ColumnType<never>['align'];
}

export interface SummaryRowProps {
  entity: EntityDef;
  /** The grid's columns, in order (the selection column comes before them when `selection`). */
  columns: readonly SummaryColumn[];
  rows: readonly Row[];
  /** Fields summed; the entity's list.summary by default. */
  fields?: readonly string[];
  selection?: boolean;
}

export function SummaryRow({ entity, columns, rows, fields, selection = true }: SummaryRowProps) {
  const labels = useLabels();
  const summed = new Set(fields ?? entity.list.summary ?? []);
  const offset = selection ? 1 : 0;
  return (
    <Table.Summary fixed>
      <Table.Summary.Row style={{ fontWeight: 600, background: '#fafafa' }}>
        {selection && <Table.Summary.Cell index={0} />}
        {columns.map((column, index) => {
          const name = String(column.key);
          const field = entity.fields[name];
          let content: string | null = null;
          if (index === 0) content = labels.t('ui.list.summary');
          else if (field && summed.has(name) && isNumeric(field)) {
            content = numberText(
              { ...field, thousands: true },
              sum(rows, (row) => row[name] as number).toString(),
            );
          }
          return (
            <Table.Summary.Cell
              key={name}
              index={index + offset}
              align={index === 0 ? 'center' : column.align}
            >
              {content}
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
