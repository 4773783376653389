// How the entity service answers what went wrong: validation issues with field labels and line
// numbers in the caller's language, hooks' issues as paths, and database errors as 409s.
import {
  type IssueDetail,
  type Locale,
  type MessageParams,
  type RuleIssue,
  type SaveIssue,
  fieldLabel,
} from '@srm/kernel';
import { AppError, type ErrorStatus } from '../http/errors';
import type { EntityModel } from './model';
import type { EntityRuntime } from './runtime';

export function fail(status: ErrorStatus, key: string, params?: MessageParams): AppError {
  return new AppError(status, key, params);
}

/** A database error's driver code and constraint, through Drizzle's wrapping. */
export function driverError(error: unknown): { code?: string; constraint?: string } {
  let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause as typeof current;
  }
  return {};
}

/** A 400 listing every issue, with field labels and line numbers in the caller's language. */
export function validationError(
  model: EntityModel,
  issues: readonly SaveIssue[],
  status: ErrorStatus = 400,
): AppError {
  const { runtime } = model;
  const first = issues[0]!;
  return new AppError(status, first.message, first.params, undefined, (locale) => {
    const details: IssueDetail[] = issues.slice(0, 200).map((issue) => ({
      path: issue.path.join('.'),
      message: describe(model, locale, issue),
      reason: runtime.t(locale, issue.message, issue.params),
    }));
    const msg =
      issues.length > 1
        ? runtime.t(locale, 'entity.validationFailed', {
            first: details[0]!.message,
            count: issues.length,
          })
        : details[0]!.message;
    return { msg, details };
  });
}

/** One issue as a sentence naming its field (and line). */
export function describe(model: EntityModel, locale: Locale, issue: SaveIssue): string {
  const { runtime, entity } = model;
  const text = runtime.t(locale, issue.message, issue.params);
  if (issue.message === 'validation.unknownField') return text;
  const [head, index, field] = issue.path;
  const line = typeof head === 'string' ? entity.lines[head] : undefined;
  if (line && typeof index === 'number') {
    if (typeof field !== 'string') return text;
    return runtime.t(locale, 'validation.lineIssue', {
      collection: model.fieldName(locale, entity, head as string),
      line: index + 1,
      label: model.fieldName(locale, line, field),
      message: text,
    });
  }
  if (typeof head !== 'string') return text;
  return runtime.t(locale, 'validation.issue', {
    label: model.fieldName(locale, entity, head),
    message: text,
  });
}

/** Hooks' issues as save issues, under `prefix` (a row's position in an import). */
export function toIssues(issues: readonly RuleIssue[], prefix: (string | number)[] = []): SaveIssue[] {
  // A hook's issue on a line names it `collection.index.field`: the path of the line's field.
  const pathOf = (field: string) =>
    field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return issues.map((issue) => ({
    path: issue.field ? [...prefix, ...pathOf(issue.field)] : prefix,
    message: issue.message,
    ...(issue.params ? { params: issue.params } : {}),
  }));
}

/** A unique, foreign-key or serialization failure of the database as the caller's 409. */
export function translateDbError(runtime: EntityRuntime, error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, constraint } = driverError(error);
  if (code === '23505') {
    const index = constraint ? runtime.uniqueIndex(constraint) : undefined;
    if (index) {
      const fields = index.fields;
      return new AppError(409, 'validation.unique', undefined, undefined, (locale) => ({
        msg: runtime.t(locale, 'validation.unique', {
          fields: fields.map((f) => fieldLabel(runtime.messages(), locale, index.entity.name, f)).join(' + '),
        }),
        details: fields.map((f) => ({
          path: f,
          message: runtime.t(locale, 'validation.unique', {
            fields: fieldLabel(runtime.messages(), locale, index.entity.name, f),
          }),
        })),
      }));
    }
    return fail(409, 'validation.unique', { fields: constraint ?? '' });
  }
  if (code === '23503') return fail(409, 'entity.referenced');
  if (code === '40001' || code === '40P01') return fail(409, 'entity.stale');
  return error;
}
