// The pure half of a definition's field maps shared by the server and the map picker
// (从数据字典选择): which fields of a document an answer may be written back to, and the map
// lines made from the field paths an administrator ticked (listColumnByPage's columns).
import type { EntityDef } from '@srm/kernel';
import type { RequestMap, ResponseMap } from '../wire/types';
import { scsiReqFieldMap, scsiResFieldMap } from './definition-lines.entity';

/** The resource the picker's endpoints ask (administrators'): the same as the dry run's. */
export const PICKER_RESOURCE = 'baseScsiDefinition.doDryRun';

/** A column of listColumnByPage: a field path of a business object as a call's document carries it. */
export interface SchemaColumn {
  /** `poNumber`, `supplierName` (a reference's name), `lines[].itemCode` (a field of each line). */
  readonly columnName: string;
  readonly columnLabel: string;
  /** The field's kind (`text`, `date`, `ref`…). */
  readonly dataType: string;
  /** A plain text field of the header an answer may be written back to (writesBack). */
  readonly writeBack: boolean;
}

/** The map collections the picker fills: the request map, the response map. */
export type MapCollection = 'reqMaps' | 'resMaps';
/** A map line as the call renders it (wire/types), with its line number. */
export type RequestMapLine = RequestMap & { readonly lineNum: number };
export type ResponseMapLine = ResponseMap & { readonly lineNum: number };
type Line = Readonly<Record<string, unknown>>;

/**
 * Whether an answer may write into this field of the document: only plain text fields the
 * document's editors could write themselves (the ERP number, a remark), never its state, key,
 * number, references, amounts or sealed values.
 */
export function writesBack(entity: EntityDef, name: string): boolean {
  const field = entity.fields[name];
  return (
    !!field &&
    (field.kind === 'text' || field.kind === 'textarea') &&
    !field.readonly &&
    !field.sealed &&
    !field.unique &&
    name !== entity.numbering?.field
  );
}

/** The line collection a path reads (`lines` of `lines[].itemCode`); null for a header field. */
export function collectionOf(path: string): string | null {
  const at = path.indexOf('[].');
  return at > 0 ? path.slice(0, at) : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * The body array each line collection is sent as already: `items` for `lines` when a map reads
 * `items[].qty ← lines[].quantity`. A line field picked joins that array.
 */
function bodyArrays(existing: readonly Line[]): ReadonlyMap<string, string> {
  const arrays = new Map<string, string>();
  for (const line of existing) {
    if (line.sourceType !== 'FIELD') continue;
    const source = collectionOf(text(line.sourcePath) ?? '');
    const target = collectionOf(text(line.targetPath) ?? '');
    if (source && target && !arrays.has(source)) arrays.set(source, target);
  }
  return arrays;
}

/** Where a picked field goes: a request map's body path, a response map's answer path. */
function otherSide(collection: MapCollection, path: string, arrays: ReadonlyMap<string, string>): string {
  const lines = collectionOf(path);
  if (collection === 'resMaps' || lines === null) return path;
  return `${arrays.get(lines) ?? lines}${path.slice(lines.length)}`;
}

/**
 * The columns the map has already, which the picker marks and does not add twice: a request map
 * reading the field (a FIELD source) or writing the body path it would get; a response map
 * writing back to the field.
 */
export function mappedColumns(
  collection: MapCollection,
  columns: readonly SchemaColumn[],
  existing: readonly Line[],
): ReadonlySet<string> {
  const used = new Set<string>();
  for (const line of existing) {
    const paths =
      collection === 'resMaps'
        ? [line.targetField]
        : [line.sourceType === 'FIELD' ? line.sourcePath : null, line.targetPath];
    for (const path of paths) {
      const value = text(path);
      if (value) used.add(value);
    }
  }
  const arrays = bodyArrays(existing);
  return new Set(
    columns
      .filter(
        (column) => used.has(column.columnName) || used.has(otherSide(collection, column.columnName, arrays)),
      )
      .map((column) => column.columnName),
  );
}

/** Whether a column may be ticked for this collection (a response map writes back to plain text only). */
export function offered(collection: MapCollection, column: SchemaColumn): boolean {
  return collection === 'reqMaps' || column.writeBack;
}

function nextNumbers(existing: readonly Line[], step: number): () => number {
  let last = existing.reduce((max, line) => Math.max(max, Number(line.lineNum) || 0), 0);
  return () => (last += step);
}

/**
 * The map lines the ticked columns become, numbered after the existing lines: a request map
 * sends the document field under the same name (`supplierName` ← `supplierName`; a line field
 * once per line, in the body array the map sends those lines as already: `items[].itemName` ←
 * `lines[].itemName`), a response map writes the answer's value of the same name back to the
 * field. The administrator edits the other side's path. Columns mapped already, or not offered
 * for the collection, are skipped.
 */
export function pickedLines(
  collection: 'reqMaps',
  columns: readonly SchemaColumn[],
  existing: readonly Line[],
): RequestMapLine[];
export function pickedLines(
  collection: 'resMaps',
  columns: readonly SchemaColumn[],
  existing: readonly Line[],
): ResponseMapLine[];
export function pickedLines(
  collection: MapCollection,
  columns: readonly SchemaColumn[],
  existing: readonly Line[],
): RequestMapLine[] | ResponseMapLine[];
export function pickedLines(
  collection: MapCollection,
  columns: readonly SchemaColumn[],
  existing: readonly Line[],
): RequestMapLine[] | ResponseMapLine[] {
  const arrays = bodyArrays(existing);
  const taken = mappedColumns(collection, columns, existing);
  const seen = new Set<string>();
  const fresh = columns.filter((column) => {
    if (taken.has(column.columnName) || seen.has(column.columnName) || !offered(collection, column))
      return false;
    seen.add(column.columnName);
    return true;
  });
  if (collection === 'resMaps') {
    const next = nextNumbers(existing, scsiResFieldMap.fields.lineNum.sequence?.step ?? 1);
    return fresh.map((column) => ({
      lineNum: next(),
      responsePath: column.columnName,
      targetField: column.columnName,
    }));
  }
  const next = nextNumbers(existing, scsiReqFieldMap.fields.lineNum.sequence?.step ?? 1);
  return fresh.map((column) => ({
    lineNum: next(),
    targetPath: otherSide(collection, column.columnName, arrays),
    sourceType: 'FIELD',
    sourcePath: column.columnName,
    transform: 'NONE',
  }));
}
