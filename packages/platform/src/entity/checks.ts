// What a write must pass besides the definition's own validation: the actor's side and the
// row's state for each field, organisation and category permits, references and lookup codes
// (checked in bulk over many rows), attachments, duplicate lines, and server code's values.
import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type EntityDef, type SaveIssue, STATUS_FIELD, checkValue, isStored } from '@srm/kernel';
import type { Executor } from '@srm/db';
import type { Actor } from '../access/actor';
import { fail, validationError } from './errors';
import { type EntityModel, headerOf, scopeOf } from './model';
import { supplierAccess } from './query';
import type { Row } from './rows';
import type { EntityRuntime } from './runtime';
import type { EntityTable } from './tables';
import type { LinePlan } from './write';

/** Where an issue about a row's field goes: `[field]` for a save's header, the row's position first otherwise. */
export type IssuePath = (index: number, field: string) => (string | number)[];

/** The previous values of a row (null when it is new): values it already had are not checked again. */
export type PreviousOf = (index: number, row: Row) => Row | null;

/** Attachment ids a write links once its rows exist, by row and field. */
export type NewFiles = Map<Row, Map<string, number[]>>;

const col = (table: EntityTable, name: string) => table[name] as AnyPgColumn;

/** Refuses an actor who may not write this entity's rows at all, or not create them. */
export function assertWritableEntity(model: EntityModel, actor: Actor, creating: boolean): void {
  if (actor.system) return;
  const access = supplierAccess(model.entity, model.header);
  if (actor.side === 'supplier' && access !== 'own') {
    throw fail(403, access === 'read' ? 'access.readOnly' : 'access.denied');
  }
  if (creating && !model.entity.writableBy.includes(actor.side)) throw fail(403, 'entity.cannotCreate');
}

/** May the actor change this field of a row in this state? Returns the refusal key or null. */
export function fieldRefusal(
  actor: Actor,
  entity: EntityDef,
  field: string,
  status: unknown,
  headerEditable: boolean,
): string | null {
  const def = entity.fields[field]!;
  if (!actor.system) {
    const sides = def.writableBy ?? entity.writableBy;
    if (!sides.includes(actor.side)) return 'entity.fieldNotWritable';
    if (actor.side === 'supplier' && def.internalOnly) return 'entity.fieldNotWritable';
    if (actor.side === 'supplier' && entity.ownedBy === field) return 'entity.fieldNotWritable';
  }
  const inState = (states: readonly string[] | undefined) =>
    !!states && status !== undefined && states.includes(String(status));
  if (def.editableOnlyIn ? !inState(def.editableOnlyIn) : !headerEditable && !inState(def.editableIn)) {
    return 'entity.fieldNotEditable';
  }
  return null;
}

/** May the actor still change this field of the row (side, scope, state)? For file deletion. */
export async function mayChangeField(
  model: EntityModel,
  actor: Actor,
  id: number,
  field: string,
): Promise<boolean> {
  const { entity, runtime } = model;
  if (!(field in entity.fields)) return false;
  const on = runtime.executor();
  const [stored] = await on
    .select()
    .from(model.table)
    .where(and(eq(model.col(entity.key), id), ...model.scope(actor)));
  if (!stored) return false;
  if (actor.side === 'supplier' && !actor.system && supplierAccess(entity, model.header) !== 'own')
    return false;
  const status = (stored as Row)[STATUS_FIELD];
  return fieldRefusal(actor, entity, field, status, model.isEditableState(status)) === null;
}

/**
 * An internal actor may only write rows of organisations and categories it is permitted.
 * Returns the refusal key (a 403) or null.
 */
export function scopeRefusal(actor: Actor, entity: EntityDef, row: Row): string | null {
  if (actor.system || actor.side !== 'internal') return null;
  if (
    entity.orgScoped &&
    actor.orgIds !== 'all' &&
    row[entity.orgScoped] != null &&
    !actor.orgIds.includes(row[entity.orgScoped] as number)
  ) {
    return 'entity.orgDenied';
  }
  if (
    entity.categoryScoped &&
    actor.categoryIds !== 'all' &&
    row[entity.categoryScoped] != null &&
    !actor.categoryIds.includes(row[entity.categoryScoped] as number)
  ) {
    return 'entity.categoryDenied';
  }
  return null;
}

/** The same as `scopeRefusal`, thrown. */
export function checkScopeValues(actor: Actor, entity: EntityDef, row: Row): void {
  const refusal = scopeRefusal(actor, entity, row);
  if (refusal) throw fail(403, refusal);
}

/**
 * Lines repeating a unique combination of their header (the same lookup code twice in a type):
 * found before writing, so the message can point at the line.
 */
export function duplicateLines(plan: LinePlan): SaveIssue[] {
  const line = plan.entity;
  const groups = [
    ...line.unique,
    ...Object.entries(line.fields)
      .filter(([, field]) => field.unique)
      .map(([name]) => [name]),
  ].map((group) => group.filter((field) => field !== line.parent?.field));
  const issues: SaveIssue[] = [];
  for (const group of groups) {
    if (!group.length) continue;
    const seen = new Map<string, number>();
    plan.final.forEach((row, index) => {
      if (group.some((field) => row[field] === null || row[field] === undefined)) return;
      const key = JSON.stringify(group.map((field) => row[field]));
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else
        issues.push({
          path: [plan.collection, index, group[0]!],
          message: 'validation.duplicateLine',
          params: { line: first + 1 },
        });
    });
  }
  return issues;
}

/**
 * Attachment ids newly listed in attachments fields must be files the actor uploaded and nobody
 * linked yet (or already this record's): nobody gains access to a file by naming its id.
 * Answers the issues and the new ids per row and field, to link after the write.
 */
export async function attachmentIssues(
  runtime: EntityRuntime,
  actor: Actor,
  entity: EntityDef,
  recordId: number | null,
  rows: Row[],
  previous: (Row | null)[],
  pathOf: IssuePath,
): Promise<{ issues: SaveIssue[]; linked: NewFiles }> {
  const linked: NewFiles = new Map();
  const issues: SaveIssue[] = [];
  const files = runtime.plugins.attachments;
  if (!files) return { issues, linked };
  const idsOf = (value: unknown) => (typeof value === 'string' && value ? value.split(',').map(Number) : []);
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind !== 'attachments') continue;
    for (const [index, row] of rows.entries()) {
      const before = new Set(idsOf(previous[index]?.[name]));
      const added = idsOf(row[name]).filter((id) => !before.has(id));
      if (!added.length) continue;
      const refused = await files.checkLinkable(
        actor,
        entity,
        recordId ?? (row[entity.key] as number | undefined) ?? null,
        name,
        added,
      );
      if (refused.length) {
        issues.push({
          path: pathOf(index, name),
          message: 'file.notYours',
          params: { id: refused.join(',') },
        });
        continue;
      }
      const fields = linked.get(row) ?? new Map<string, number[]>();
      fields.set(name, added);
      linked.set(row, fields);
    }
  }
  return { issues, linked };
}

/**
 * Every newly referenced row exists, is visible to the actor and satisfies the field's
 * filter; every new lookup code is an enabled value of its type. Values a row already had
 * are not checked again, so disabling a code does not block unrelated edits. One query per
 * field for all the rows.
 */
export async function referenceIssues(
  runtime: EntityRuntime,
  actor: Actor,
  tx: Executor,
  entity: EntityDef,
  allRows: Row[],
  pathOf: IssuePath,
  previousOf: PreviousOf,
): Promise<SaveIssue[]> {
  const issues: SaveIssue[] = [];
  await lookupIssues(runtime, tx, entity, allRows, pathOf, previousOf, issues);
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind !== 'ref' || field.system || entity.parent?.field === name) continue;
    const rows = allRows.map((row, index) =>
      previousOf(index, row)?.[name] === row[name] ? ({} as Row) : row,
    );
    const ids = [...new Set(rows.map((row) => row[name]).filter((v): v is number => typeof v === 'number'))];
    if (!ids.length) continue;
    const target = runtime.registry.get(field.entity);
    const targetTable = runtime.table(target.name);
    const filterFields = new Set<string>();
    if (field.filter)
      for (const row of rows) for (const key of Object.keys(field.filter(row))) filterFields.add(key);
    const columns: Record<string, AnyPgColumn> = { __id: col(targetTable, target.key) };
    for (const key of filterFields)
      if (target.fields[key] && isStored(target.fields[key]!)) columns[key] = col(targetTable, key);
    const readScope =
      actor.side === 'supplier' && supplierAccess(target, headerOf(runtime, target)) === 'read'
        ? []
        : scopeOf(runtime, target, actor, targetTable);
    const found = await tx
      .select(columns)
      .from(targetTable)
      .where(and(inArray(col(targetTable, target.key), ids), ...readScope));
    const byId = new Map(found.map((r) => [r.__id as number, r as Row]));
    rows.forEach((row, index) => {
      const value = row[name];
      if (typeof value !== 'number') return;
      const path = pathOf(index, name);
      const referenced = byId.get(value);
      if (!referenced) {
        issues.push({ path, message: 'validation.refMissing', params: { id: value } });
        return;
      }
      if (field.filter) {
        const expected = field.filter(row);
        for (const [key, want] of Object.entries(expected)) {
          if (want === undefined || want === null) continue;
          if (referenced[key] !== want && !(key === target.key && value === want)) {
            issues.push({ path, message: 'validation.refFilter', params: { id: value } });
            return;
          }
        }
      }
    });
  }
  return issues;
}

async function lookupIssues(
  runtime: EntityRuntime,
  tx: Executor,
  entity: EntityDef,
  rows: Row[],
  pathOf: IssuePath,
  previousOf: PreviousOf,
  issues: SaveIssue[],
): Promise<void> {
  if (!runtime.registry.find('baseLookupValues')) return;
  const values = runtime.table('baseLookupValues');
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind !== 'lookup' || field.codes || field.system) continue;
    const codesOf = (row: Row | null): string[] => {
      const value = row?.[name];
      return value === null || value === undefined
        ? []
        : Array.isArray(value)
          ? (value as string[])
          : [String(value)];
    };
    const wanted = new Set<string>();
    rows.forEach((row, index) => {
      const before = new Set(codesOf(previousOf(index, row)));
      for (const code of codesOf(row)) if (!before.has(code)) wanted.add(code);
    });
    if (!wanted.size) continue;
    const found = await tx
      .select({ code: col(values, 'lookupCode') })
      .from(values)
      .where(
        and(
          eq(col(values, 'lookupType'), field.lookupType),
          inArray(col(values, 'lookupCode'), [...wanted]),
          eq(col(values, 'enabledFlag'), 'Y'),
        ),
      );
    const known = new Set(found.map((r) => r.code as string));
    rows.forEach((row, index) => {
      const before = new Set(codesOf(previousOf(index, row)));
      for (const code of codesOf(row)) {
        if (before.has(code) || known.has(code)) continue;
        issues.push({ path: pathOf(index, name), message: 'validation.lookup', params: { value: code } });
        return;
      }
    });
  }
}

/** Values given by server code for stored fields: known fields of their kinds, never the key or state. */
export function checkedValues(model: EntityModel, values: Readonly<Row>, allowParent: boolean): Row {
  const { entity } = model;
  const out: Row = {};
  const issues: SaveIssue[] = [];
  for (const [name, value] of Object.entries(values)) {
    const field = entity.fields[name];
    const isParent = entity.parent?.field === name;
    if (!field || !isStored(field) || name === entity.key || (field.system && !(isParent && allowParent)))
      throw new Error(`${entity.name}.${name} cannot be written by server code`);
    const checked = checkValue({ ...field, computed: undefined, readonly: false } as typeof field, value);
    if (!checked.ok)
      issues.push({
        path: [name],
        message: checked.issue.message,
        ...(checked.issue.params ? { params: checked.issue.params } : {}),
      });
    else out[name] = checked.value;
  }
  if (issues.length) throw validationError(model, issues, 422);
  return out;
}
