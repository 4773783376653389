// The search input of a filter: text boxes, lookup selects, yes/no selects for flags, ranges
// for dates and moments, references by their remote select.
import { Input, InputNumber, Select } from 'antd';
import type { EntityDef, FieldDef } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { DateRangeInput } from '../fields/DateInput';
import { LookupSelect } from '../fields/LookupSelect';
import { RefSelect } from '../fields/RefSelect';

export interface FilterInputProps {
  entity: EntityDef;
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

export function FilterInput({ entity, field, value, onChange, id }: FilterInputProps) {
  const labels = useLabels();
  switch (field.kind) {
    case 'lookup':
      // One code; several when the list was opened with several (a work card's states).
      return (
        <LookupSelect
          id={id}
          field={field}
          value={value}
          onChange={onChange}
          multiple={Array.isArray(value)}
        />
      );
    case 'ref':
      return <RefSelect id={id} field={field} value={value} onChange={onChange} known={[entity]} />;
    case 'checkbox': {
      const [on, off] = field.values === 'YN' ? ['Y', 'N'] : [true, false];
      return (
        <Select
          id={id}
          allowClear
          style={{ width: '100%' }}
          placeholder={labels.t('ui.placeholder.select')}
          value={value ?? undefined}
          onChange={(next) => onChange?.(next ?? null)}
          options={[
            { value: on as string, label: labels.t('ui.yes') },
            { value: off as string, label: labels.t('ui.no') },
          ]}
        />
      );
    }
    case 'number':
    case 'quantity':
    case 'price':
    case 'amount':
      return (
        <InputNumber
          id={id}
          style={{ width: '100%' }}
          placeholder={labels.t('ui.placeholder.input')}
          value={(value as number | null) ?? null}
          onChange={(next) => onChange?.(next ?? null)}
        />
      );
    case 'date':
    case 'datetime':
    case 'month':
    case 'year':
    case 'time':
      return (
        <DateRangeInput
          id={id}
          kind={field.kind}
          value={value}
          onChange={onChange}
          placeholder={[labels.t('ui.placeholder.from'), labels.t('ui.placeholder.to')]}
        />
      );
    default:
      return (
        <Input
          id={id}
          allowClear
          placeholder={labels.t('ui.placeholder.input')}
          value={(value as string | null) ?? ''}
          onChange={(event) => onChange?.(event.target.value)}
        />
      );
  }
}
