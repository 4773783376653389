// A row of reference pickers filtering a dialog's table (by requisition, material, organisation…):
// each with its label, the picker of its field, and the whole set of values handed back on change.
import { Space, Typography } from 'antd';
import type { RefField } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { RefSelect } from '../fields/RefSelect';

export interface RefFilter {
  /** The list filter it sets (`itemId`). */
  readonly param: string;
  /** Its label, or a field of `entityName` naming it. */
  readonly label: string;
  readonly field: RefField;
}

export type RefFilterValues = Readonly<Record<string, unknown>>;

export interface RefFilterBarProps {
  readonly filters: readonly RefFilter[];
  readonly value: RefFilterValues;
  onChange(next: RefFilterValues): void;
  /** The entity whose field labels name the filters (else the labels are given as they show). */
  readonly entityName?: string;
  /** Width of each picker. */
  readonly width?: number;
  readonly testId?: string;
}

export function RefFilterBar({
  filters,
  value,
  onChange,
  entityName,
  width = 220,
  testId,
}: RefFilterBarProps) {
  const labels = useLabels();
  return (
    <Space wrap size={[16, 8]} style={{ marginBottom: 12 }} data-testid={testId}>
      {filters.map(({ param, label, field }) => (
        <Space size={4} key={param}>
          <Typography.Text>{entityName ? labels.field(entityName, label) : label}</Typography.Text>
          <div style={{ width }} data-filter={param}>
            <RefSelect
              field={field}
              row={{}}
              value={value[param] ?? null}
              onChange={(next) => onChange({ ...value, [param]: next })}
            />
          </div>
        </Space>
      ))}
    </Space>
  );
}
