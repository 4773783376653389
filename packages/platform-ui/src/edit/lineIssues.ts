// Problems of a document's lines, kept by the lines grid rather than by the form's inputs: a long
// document's grid renders only the rows in view (and above 100 lines no input until a cell is
// clicked), so the form cannot hold a message for a line out of view. The grid marks the cell of
// each open issue, scrolls to the first, and steps to the next on demand.
import { type EntityDef, type FieldDef, checkValue, isClientWritable } from '@srm/kernel';
import type { FieldIssue } from '../context/api';
import type { Labels } from '../context/labels';
import { issueName } from './saveBody';

type Row = Record<string, unknown>;

export interface LineIssue {
  /** The line's place in the form's list (0-based; the user reads `index + 1`). */
  readonly index: number;
  readonly field: string;
  /** The problem alone, shown on the cell ("必填"). */
  readonly reason: string;
  /** The problem with the collection, line number and field ("订单行第 120 行，数量：必填"). */
  readonly text: string;
  /** The value when the problem was found: the issue is settled once the value changes. */
  readonly value: unknown;
}

function isBlank(field: FieldDef, value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return (field.kind === 'text' || field.kind === 'textarea') && typeof value === 'string' && !value.trim();
}

function describe(
  header: EntityDef,
  collection: string,
  labels: Labels,
  index: number,
  field: string,
  reason: string,
): string {
  const line = header.lines[collection]!;
  return labels.t('validation.lineIssue', {
    collection: labels.field(header.name, collection),
    line: index + 1,
    label: labels.field(line.name, field),
    message: reason,
  });
}

/**
 * The lines' problems the form cannot see: each writable field of every line checked as its
 * input would be (required, then the kernel's check of the value), in line order.
 */
export function checkLines(
  header: EntityDef,
  collection: string,
  rows: readonly Row[],
  fields: readonly string[],
  labels: Labels,
): LineIssue[] {
  const line = header.lines[collection];
  if (!line) return [];
  const checked = fields
    .map((name) => [name, line.fields[name]] as const)
    .filter((entry): entry is readonly [string, FieldDef] => !!entry[1] && isClientWritable(entry[1]));
  const issues: LineIssue[] = [];
  rows.forEach((row, index) => {
    for (const [name, field] of checked) {
      const value = row[name];
      let reason: string | null = null;
      if (isBlank(field, value)) {
        if (field.required && field.kind !== 'checkbox') reason = labels.t('validation.required');
      } else {
        const result = checkValue(field, value);
        if (!result.ok) reason = labels.t(result.issue.message, result.issue.params);
      }
      if (reason !== null)
        issues.push({
          index,
          field: name,
          reason,
          text: describe(header, collection, labels, index, name, reason),
          value,
        });
    }
  });
  return issues;
}

/**
 * The server's issues about lines (paths `collection.index.field`), by collection, with the value
 * each line held when it was sent. The server's message already names the line and field.
 */
export function serverLineIssues(
  header: EntityDef,
  labels: Labels,
  issues: readonly FieldIssue[],
  values: Row,
): Record<string, LineIssue[]> {
  const byCollection: Record<string, LineIssue[]> = {};
  for (const issue of issues) {
    const [collection, index, field] = issueName(issue.path);
    if (typeof collection !== 'string' || typeof index !== 'number' || typeof field !== 'string') continue;
    if (!header.lines[collection]) continue;
    const prefix = describe(header, collection, labels, index, field, '');
    const reason = issue.message.startsWith(prefix) ? issue.message.slice(prefix.length) : issue.message;
    const rows = (values[collection] as Row[] | undefined) ?? [];
    (byCollection[collection] ??= []).push({
      index,
      field,
      reason,
      text: issue.message,
      value: rows[index]?.[field],
    });
  }
  for (const list of Object.values(byCollection)) list.sort((a, b) => a.index - b.index);
  return byCollection;
}

/** The issues still open: their line still holds the value found wrong. */
export function openIssues(issues: readonly LineIssue[], rows: readonly Row[]): LineIssue[] {
  return issues.filter((issue) => {
    const row = rows[issue.index];
    return !!row && Object.is(row[issue.field], issue.value);
  });
}

/** The issue after the one at `current` (by line, then field order), from the first again after the last. */
export function nextIssue(issues: readonly LineIssue[], current: LineIssue | null): LineIssue | null {
  if (!issues.length) return null;
  if (!current) return issues[0]!;
  const at = issues.findIndex((issue) => issue.index === current.index && issue.field === current.field);
  if (at >= 0) return issues[(at + 1) % issues.length]!;
  return issues.find((issue) => issue.index > current.index) ?? issues[0]!;
}
