// A select over a lookup's options (single or multiple).
import { Select } from 'antd';
import type { LookupField } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { useLookupOptions } from './lookups';

export interface LookupSelectProps {
  field: LookupField;
  value?: unknown;
  onChange?: (value: unknown) => void;
  multiple?: boolean;
  disabled?: boolean;
  id?: string;
}

export function LookupSelect({ field, value, onChange, multiple, disabled, id }: LookupSelectProps) {
  const labels = useLabels();
  const lookup = useLookupOptions(field);
  const multi = multiple ?? !!field.multi;
  return (
    <Select
      id={id}
      allowClear
      disabled={disabled}
      mode={multi ? 'multiple' : undefined}
      maxTagCount="responsive"
      style={{ width: '100%' }}
      placeholder={labels.t('ui.placeholder.select')}
      loading={lookup.loading}
      options={lookup.options}
      value={value === null || value === '' ? undefined : value}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(next: unknown) => onChange?.(next ?? null)}
    />
  );
}
