// Programs on the server: each parameter is checked at save, so that a program cannot be saved
// that no request could ever satisfy — a lookup parameter names its lookup type, a reference
// parameter an entity the platform has, and its value set's filter (refFilter) only stored fields
// of that entity, each with a value of the field's kind.
import { type EntityDef, type FieldDef, type RuleIssue, isStored } from '@srm/kernel';
import { defineActions } from '@srm/platform';
import { concurrentProgram } from './program.entity';

/** Whether a filter value fits the field it filters (equality only: one scalar of its kind). */
function fits(field: FieldDef, value: unknown): boolean {
  switch (field.kind) {
    case 'number':
    case 'ref':
    case 'amount':
    case 'quantity':
    case 'price':
      return typeof value === 'number' && Number.isFinite(value);
    case 'checkbox':
      return field.values === 'YN' ? value === 'Y' || value === 'N' : typeof value === 'boolean';
    case 'lookup':
      return typeof value === 'string' && (!field.codes || field.codes.includes(value));
    case 'text':
    case 'textarea':
    case 'date':
      return typeof value === 'string';
    default:
      return false;
  }
}

/** The first problem of a reference parameter's filter, or null. */
export function refFilterIssue(entity: EntityDef, filter: unknown, name: string): RuleIssue | null {
  if (filter === null || filter === undefined) return null;
  if (typeof filter !== 'object' || Array.isArray(filter))
    return { field: 'params', message: 'scheduler.param.badRefFilter', params: { name } };
  for (const [key, value] of Object.entries(filter)) {
    const field = (entity.fields as Readonly<Record<string, FieldDef | undefined>>)[key];
    if (!field || !isStored(field) || field.sealed || !fits(field, value))
      return { field: 'params', message: 'scheduler.param.badRefFilterField', params: { name, field: key } };
  }
  return null;
}

export const programActions = defineActions(concurrentProgram, {
  beforeSave(ctx): RuleIssue | null {
    for (const param of ctx.newLines.params) {
      const name = param.paramLabel || param.paramName;
      if (param.paramKind === 'LOOKUP' && !param.lookupType)
        return { field: 'params', message: 'scheduler.param.lookupTypeMissing', params: { name } };
      if (param.paramKind !== 'REF') continue;
      const entity = param.refEntity ? ctx.runtime.registry.find(param.refEntity) : undefined;
      if (!entity) return { field: 'params', message: 'scheduler.param.refEntityUnknown', params: { name } };
      const issue = refFilterIssue(entity, param.refFilter, name);
      if (issue) return issue;
    }
    return null;
  },
});
