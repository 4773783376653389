// antd Form rules of a field, from the kernel's own checks (the server runs the same), with
// messages translated through the catalogue.
import type { Rule } from 'antd/es/form';
import { type FieldDef, checkValue } from '@srm/kernel';
import type { Labels } from '../context/labels';

export function fieldRules(field: FieldDef, labels: Labels, required = !!field.required): Rule[] {
  const rules: Rule[] = [];
  if (required && field.kind !== 'checkbox') {
    const text = field.kind === 'text' || field.kind === 'textarea';
    const list =
      (field.kind === 'lookup' && field.multi) ||
      field.kind === 'daterange' ||
      field.kind === 'datetimerange';
    const rule = {
      required: true,
      // The rule's type only decides what counts as empty; the kernel's check judges the value.
      type: text ? 'string' : list ? 'array' : 'any',
      whitespace: text,
      message: labels.t('validation.required'),
    } as Rule;
    rules.push(rule);
  }
  rules.push({
    validator: async (_rule, value: unknown) => {
      const result = checkValue(field, value === undefined ? null : value);
      if (!result.ok) throw new Error(labels.t(result.issue.message, result.issue.params));
    },
  });
  return rules;
}
