// A program's parameters checked at submit: each value by its kind (a schema derived from the
// program's parameter lines), required values present, lookup codes of their type, referenced
// rows readable by the submitter, and defaults filled by their rule. A value outside these is a
// 422 naming the parameter, and no request is written.
import { formatDate, isValidDate } from '@srm/kernel';
import { AppError, type DataApi } from '@srm/platform';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import type { RowOf } from '@srm/kernel';
import type { programParam } from './program-param.entity';

type Param = RowOf<typeof programParam>;
export type ParamValues = Record<string, string | number | null>;

const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A value of the wrong kind: `scheduler.param.<kind>` names the parameter and what it takes. */
function refuse(param: Param, kind: string): never {
  throw new AppError(422, `scheduler.param.${kind}`, { name: param.paramLabel });
}

function defaultOf(param: Param, data: DataApi): string | number | null {
  const zone = data.runtime.timeZone;
  switch (param.defaultType) {
    case 'LITERAL':
      return param.paramKind === 'NUMBER' || param.paramKind === 'REF'
        ? Number(param.defaultValue)
        : (param.defaultValue ?? null);
    case 'TODAY':
      return formatDate(data.now.getTime(), zone);
    case 'MONTH_START':
      return `${formatDate(data.now.getTime(), zone).slice(0, 8)}01`;
    case 'USER_ORG':
      return data.actor.orgIds === 'all' ? null : (data.actor.orgIds[0] ?? null);
    default:
      return null;
  }
}

/**
 * The submitted values checked and completed, in the parameters' order; unknown names refused.
 * `submitted` is the values as the caller sent or stored them: none, or an object (else a 400).
 */
export async function checkParams(
  data: DataApi,
  params: readonly Param[],
  submitted: unknown,
): Promise<ParamValues> {
  if (
    submitted !== null &&
    submitted !== undefined &&
    (typeof submitted !== 'object' || Array.isArray(submitted))
  )
    throw new AppError(400, 'scheduler.param.notObject');
  const given: Readonly<Record<string, unknown>> = Object.fromEntries(Object.entries(submitted ?? {}));
  const known = new Set(params.map((param) => param.paramName));
  for (const name of Object.keys(given))
    if (!known.has(name)) throw new AppError(422, 'scheduler.param.unknown', { name });
  const values: ParamValues = {};
  for (const param of [...params].sort((a, b) => a.lineNum - b.lineNum)) {
    let value = given[param.paramName];
    if (value === undefined || value === null || value === '') value = defaultOf(param, data);
    if (value === undefined || value === null || value === '') {
      if (param.requiredFlag === 'Y')
        throw new AppError(422, 'scheduler.param.required', { name: param.paramLabel });
      values[param.paramName] = null;
      continue;
    }
    values[param.paramName] = await checkValue(data, param, value);
  }
  return values;
}

async function checkValue(data: DataApi, param: Param, value: unknown): Promise<string | number> {
  switch (param.paramKind) {
    case 'NUMBER':
      if (typeof value !== 'number' || !Number.isFinite(value)) refuse(param, 'number');
      return value;
    case 'DATE':
      if (typeof value !== 'string' || !isValidDate(value)) refuse(param, 'date');
      return value;
    case 'DATETIME':
      if (typeof value !== 'string' || !DATETIME.test(value) || Number.isNaN(Date.parse(value)))
        refuse(param, 'datetime');
      return value;
    case 'YN':
      if (value !== 'Y' && value !== 'N') refuse(param, 'yn');
      return value;
    case 'LOOKUP': {
      if (typeof value !== 'string' || value.length > 60) refuse(param, 'lookup');
      // A raw read: lookup values are master data every internal user reads.
      const found = await queryRows(
        data.tx,
        sql`select 1 from base_lookup_values where lookup_type = ${param.lookupType ?? ''} and lookup_code = ${value} and enabled_flag = 'Y' limit 1`,
      );
      if (!found.length) refuse(param, 'lookup');
      return value;
    }
    case 'REF': {
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) refuse(param, 'ref');
      const entity = param.refEntity ? data.runtime.registry.find(param.refEntity) : undefined;
      if (!entity) refuse(param, 'ref');
      // The submitter names only rows it can read (a 404 otherwise, as for a row that does not exist).
      await data.find(entity, value);
      // And only rows of the parameter's value set, when it has a filter (checked at the program's save).
      const filter = param.refFilter;
      if (filter && typeof filter === 'object' && !Array.isArray(filter)) {
        const found = await data.list(entity, { ...filter, [entity.key]: value }, { limit: 1 });
        if (!found.length) refuse(param, 'outsideSet');
      }
      return value;
    }
    default:
      if (typeof value !== 'string' || value.length > 2000) refuse(param, 'text');
      return value;
  }
}

/** The parameters of a schedule's next occurrence: date values moved on by `days`. */
export function movedDates(params: readonly Param[], values: ParamValues, days: number): ParamValues {
  const moved: ParamValues = { ...values };
  for (const param of params) {
    const value = values[param.paramName];
    if (param.paramKind !== 'DATE' || typeof value !== 'string' || !isValidDate(value)) continue;
    const date = new Date(`${value}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    moved[param.paramName] = date.toISOString().slice(0, 10);
  }
  return moved;
}
