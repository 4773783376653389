// The columns an import takes for an entity and a caller: every field the caller could write
// when creating a row (client-writable, writable by the caller's side, never internal-only or
// the owner for a supplier), except files, JSON and the line's header. A document imported with
// its lines (`importLines` on the definition) has one row per line: a document-number column
// that groups the rows, the header's columns, then the line's.
import {
  type Catalogue,
  type EntityDef,
  type FieldDef,
  type Locale,
  fieldLabel,
  isClientWritable,
  text,
  translate,
} from '@srm/kernel';
import type { Actor } from '../access/actor';

export interface ImportField {
  readonly name: string;
  readonly field: FieldDef;
  readonly required: boolean;
}

/** A column of an import: a field of the header or of its line, or the document number. */
export interface ImportColumn extends ImportField {
  /**
   * What the template's hidden sheet names it, and the key of its value in a row's cells: the
   * field's name for a header field, `<collection>.<name>` for a line's, `DOCUMENT_KEY`.
   */
  readonly key: string;
  /** The entity whose field it is (the line's for a line column; the header's otherwise). */
  readonly entity: EntityDef;
  readonly part: 'document' | 'header' | 'line';
}

/** The hidden sheet's name of the document-number column. */
export const DOCUMENT_KEY = '_document';
const DOCUMENT_FIELD: FieldDef = text({ required: true, max: 60 });

export function importFields(entity: EntityDef, actor: Actor): ImportField[] {
  const external = actor.side === 'supplier' && !actor.system;
  const fields: ImportField[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if ((field as { system?: boolean }).system || !isClientWritable(field)) continue;
    if (field.kind === 'attachments' || field.kind === 'json' || field.kind === 'compute') continue;
    if (entity.parent?.field === name) continue;
    if (!actor.system && !(field.writableBy ?? entity.writableBy).includes(actor.side)) continue;
    if (external && (field.internalOnly || entity.ownedBy === name)) continue;
    // A line's number left empty follows from the line's place (`sequence`).
    const required = !!field.required && field.default === undefined && !field.sequence;
    fields.push({ name, field, required });
  }
  return fields;
}

/** The line entity an entity imports with its headers, or null (an import of rows). */
export function importedLines(entity: EntityDef): { collection: string; line: EntityDef } | null {
  const collection = entity.importLines;
  const line = collection ? entity.lines[collection] : undefined;
  return collection && line ? { collection, line } : null;
}

/** The columns of an entity's import, in the template's order. */
export function importColumns(entity: EntityDef, actor: Actor): ImportColumn[] {
  const header = importFields(entity, actor).map((field): ImportColumn => ({
    ...field,
    key: field.name,
    entity,
    part: 'header',
  }));
  const lines = importedLines(entity);
  if (!lines) return header;
  const document: ImportColumn = {
    name: DOCUMENT_KEY,
    field: DOCUMENT_FIELD,
    required: true,
    key: DOCUMENT_KEY,
    entity,
    part: 'document',
  };
  const lineColumns = importFields(lines.line, actor).map((field): ImportColumn => ({
    ...field,
    key: `${lines.collection}.${field.name}`,
    entity: lines.line,
    part: 'line',
  }));
  return [document, ...header, ...lineColumns];
}

/**
 * A column's label in a language. A line's field whose label is also a header column's (both
 * have 备注) is named with its collection: 申请行备注.
 */
export function columnLabel(
  messages: Catalogue,
  locale: Locale,
  column: ImportColumn,
  columns: readonly ImportColumn[],
): string {
  if (column.part === 'document') return translate(messages, locale, 'excel.documentNo');
  const label = fieldLabel(messages, locale, column.entity.name, column.name);
  if (column.part === 'header') return label;
  const taken = columns.some(
    (other) => other.part !== 'line' && columnLabel(messages, locale, other, columns) === label,
  );
  return taken ? qualifiedLabel(messages, locale, column, columns) : label;
}

/** A line column's label with its collection's. */
function qualifiedLabel(
  messages: Catalogue,
  locale: Locale,
  column: ImportColumn,
  columns: readonly ImportColumn[],
): string {
  const header = columns.find((other) => other.part !== 'line')?.entity ?? column.entity;
  const collection = column.key.slice(0, column.key.indexOf('.'));
  return translate(messages, locale, 'excel.lineColumn', {
    lines: fieldLabel(messages, locale, header.name, collection),
    field: fieldLabel(messages, locale, column.entity.name, column.name),
  });
}

/** The header of a column: its label, marked * when required. */
export function headerOf(
  messages: Catalogue,
  locale: Locale,
  column: ImportColumn,
  columns: readonly ImportColumn[],
): string {
  const label = columnLabel(messages, locale, column, columns);
  return column.required ? `*${label}` : label;
}

/**
 * Maps a header text to a column: its label in either language (with or without *), a line
 * column's label with its collection's, or the field's name (a header field's before a line's).
 */
export function columnByHeader(
  messages: Catalogue,
  columns: readonly ImportColumn[],
): (header: string) => ImportColumn | undefined {
  const byText = new Map<string, ImportColumn>();
  const add = (text: string, column: ImportColumn) => {
    const key = text.toLowerCase();
    if (!byText.has(key)) byText.set(key, column);
  };
  for (const column of columns) {
    add(column.key, column);
    for (const locale of ['zh-CN', 'en'] as const) {
      add(columnLabel(messages, locale, column, columns), column);
      if (column.part === 'line') add(qualifiedLabel(messages, locale, column, columns), column);
    }
  }
  for (const column of columns) if (column.part !== 'document') add(column.name, column);
  return (header) =>
    byText.get(
      header
        .replace(/^[\s*＊]+/, '')
        .trim()
        .toLowerCase(),
    );
}
