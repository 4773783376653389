// Server issues shown next to their fields: the API prefixes each message with the field's
// label ("区划编码：已存在"); beside the field the label is redundant, so it is dropped.
import type { EntityDef } from '@srm/kernel';
import type { FieldIssue } from '../context/api';
import type { Labels } from '../context/labels';
import { issueName } from './saveBody';

export interface FormFieldError {
  name: (string | number)[];
  errors: string[];
}

function prefixOf(entity: EntityDef, labels: Labels, name: (string | number)[]): string | null {
  const [head, index, field] = name;
  if (typeof head !== 'string') return null;
  const line = entity.lines[head];
  if (line && typeof index === 'number' && typeof field === 'string') {
    return labels.t('validation.lineIssue', {
      collection: labels.field(entity.name, head),
      line: index + 1,
      label: labels.field(line.name, field),
      message: '',
    });
  }
  return labels.t('validation.issue', { label: labels.field(entity.name, head), message: '' });
}

export function fieldErrors(
  entity: EntityDef,
  labels: Labels,
  issues: readonly FieldIssue[],
): FormFieldError[] {
  const byName = new Map<string, FormFieldError>();
  for (const issue of issues) {
    const name = issueName(issue.path);
    if (!name.length) continue;
    const prefix = prefixOf(entity, labels, name);
    const text =
      prefix && issue.message.startsWith(prefix) ? issue.message.slice(prefix.length) : issue.message;
    const key = name.join('.');
    const entry = byName.get(key) ?? { name, errors: [] };
    entry.errors.push(text);
    byName.set(key, entry);
  }
  return [...byName.values()];
}
