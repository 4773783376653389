// What a change changes: its values against the snapshot of the master it was opened on, field
// by field for the header, and line by line for each collection (a line of the change names the
// master line it came from; one without is added, a master line no change line names is removed,
// one whose values differ is changed). The detailed screen shows it as field label, value before,
// value after, grouped by section; bank account numbers are masked except to the supplier itself
// and to finance (the endpoint decides, `presentDiff` masks).
import {
  type Catalogue,
  type EntityDef,
  type FieldDef,
  type Locale,
  codeLabel,
  entityTitle,
  fieldLabel,
  refDisplayName,
  translate,
} from '@srm/kernel';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { CHANGED_COLLECTIONS, CHANGED_HEADER_FIELDS, type ChangedCollection } from './supplier-change.entity';

type Row = Readonly<Record<string, unknown>>;

/** The master as a change was opened on it: the header fields a change carries, and its lines. */
export interface Snapshot {
  readonly versionNum: number;
  readonly header: Row;
  readonly lines: Partial<Record<ChangedCollection, Row[]>>;
}

/** A field with its display property (a reference's name beside its id). */
function withDisplay(entity: EntityDef, row: Row, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    out[name] = row[name] ?? null;
    const field = entity.fields[name];
    const display = field?.kind === 'ref' ? refDisplayName(name, field) : null;
    if (display) out[display] = row[display] ?? null;
  }
  return out;
}

/** The snapshot of a master read with its lines. */
export function snapshotOf(master: Row & { readonly versionNum: number }): Snapshot {
  const lines: Partial<Record<ChangedCollection, Row[]>> = {};
  for (const collection of CHANGED_COLLECTIONS) {
    const lineEntity = supplierInfo.lines[collection];
    lines[collection] = ((master[collection] as Row[] | undefined) ?? []).map((line) =>
      withDisplay(lineEntity, line, [lineEntity.key, ...Object.keys(lineEntity.ownFields)]),
    );
  }
  return {
    versionNum: master.versionNum,
    header: withDisplay(supplierInfo, master, CHANGED_HEADER_FIELDS),
    lines,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Names of the fields of a collection's lines that a change compares. */
const lineFields = (collection: ChangedCollection) => Object.keys(supplierInfo.lines[collection].ownFields);

/** A change line holds the same values as a master line. */
export function sameLine(collection: ChangedCollection, line: Row, master: Row): boolean {
  return lineFields(collection).every((name) => same(line[name], master[name]));
}

export interface FieldChange {
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
}

export interface LineChange {
  readonly kind: 'ADDED' | 'REMOVED' | 'CHANGED';
  /** The line's values (after; before for a removed line). */
  readonly line: Row;
  readonly fields: readonly FieldChange[];
}

export interface SectionChange {
  readonly section: 'header' | ChangedCollection;
  readonly fields: readonly FieldChange[];
  readonly lines: readonly LineChange[];
}

function fieldChanges(entity: EntityDef, names: readonly string[], before: Row, after: Row): FieldChange[] {
  return names
    .filter((name) => !same(before[name], after[name]))
    .map((name) => {
      const field = entity.fields[name];
      const display = field?.kind === 'ref' ? refDisplayName(name, field) : null;
      // A reference shows its name; its id decides whether it changed.
      return display
        ? { field: name, before: before[display] ?? before[name], after: after[display] ?? after[name] }
        : { field: name, before: before[name] ?? null, after: after[name] ?? null };
    });
}

/** Every change of a change document (its header values and lines) against its snapshot. */
export function diffOf(snapshot: Snapshot, change: Row): SectionChange[] {
  const sections: SectionChange[] = [];
  const header = fieldChanges(supplierInfo, CHANGED_HEADER_FIELDS, snapshot.header, change);
  if (header.length) sections.push({ section: 'header', fields: header, lines: [] });
  for (const collection of CHANGED_COLLECTIONS) {
    const masterKey = supplierInfo.lines[collection].key;
    const entity = supplierInfo.lines[collection];
    const names = lineFields(collection);
    const was = snapshot.lines[collection] ?? [];
    const now = (change[collection] as Row[] | undefined) ?? [];
    const byId = new Map(was.map((line) => [line[masterKey], line]));
    const lines: LineChange[] = [];
    for (const line of now) {
      const before = line.sourceLineId == null ? undefined : byId.get(line.sourceLineId);
      if (!before) {
        lines.push({ kind: 'ADDED', line, fields: fieldChanges(entity, names, {}, line) });
        continue;
      }
      const fields = fieldChanges(entity, names, before, line);
      if (fields.length) lines.push({ kind: 'CHANGED', line, fields });
    }
    const named = new Set<unknown>(now.map((line) => line.sourceLineId).filter((id) => id != null));
    for (const line of was) {
      if (!named.has(line[masterKey]))
        lines.push({ kind: 'REMOVED', line, fields: fieldChanges(entity, names, line, {}) });
    }
    if (lines.length) sections.push({ section: collection, fields: [], lines });
  }
  return sections;
}

/** The change changes anything at all. */
export function changedSomething(snapshot: Snapshot, change: Row): boolean {
  return diffOf(snapshot, change).length > 0;
}

/** A bank account number as people without finance rights see it: the last four digits. */
export function maskAccount(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const digits = value.replace(/\s+/g, '');
  return digits.length <= 4 ? '****' : `${'*'.repeat(Math.min(digits.length - 4, 12))}${digits.slice(-4)}`;
}

export interface PresentedField {
  readonly field: string;
  readonly label: string;
  readonly before: string | null;
  readonly after: string | null;
}

export interface PresentedSection {
  readonly section: string;
  readonly title: string;
  readonly fields: readonly PresentedField[];
  readonly lines: readonly {
    readonly kind: LineChange['kind'];
    readonly kindLabel: string;
    readonly title: string;
    readonly fields: readonly PresentedField[];
  }[];
}

/** Labels and display values in the reader's language; account numbers masked unless `clear`. */
export function presentDiff(
  sections: readonly SectionChange[],
  catalogue: Catalogue,
  locale: Locale,
  clear: boolean,
): PresentedSection[] {
  const text = (entity: EntityDef, name: string, value: unknown): string | null => {
    if (value === null || value === undefined || value === '') return null;
    const field: FieldDef | undefined = entity.fields[name];
    if (name === 'bankAccountNumber' && !clear) return maskAccount(value);
    if (field?.kind === 'lookup') return codeLabel(catalogue, locale, field.lookupType, String(value));
    if (field?.kind === 'checkbox')
      return translate(catalogue, locale, value === 'Y' ? 'srmSupplierChange.yes' : 'srmSupplierChange.no');
    if (field?.kind === 'attachments') return Array.isArray(value) ? String(value.length) : null;
    return String(value);
  };
  // A bank account is named by its bank and (masked) number; any other line by its display field.
  const lineTitle = (entity: EntityDef, line: Row): string =>
    [
      entity.name === 'srmSupplierAccount' ? line.bankName : null,
      text(entity, entity.display, line[entity.display]),
    ]
      .filter((part) => typeof part === 'string' && part !== '')
      .join(' ');
  const present = (entity: EntityDef, fields: readonly FieldChange[]): PresentedField[] =>
    fields.map((change) => ({
      field: change.field,
      label: fieldLabel(catalogue, locale, entity.name, change.field),
      before: text(entity, change.field, change.before),
      after: text(entity, change.field, change.after),
    }));
  return sections.map((section) => {
    if (section.section === 'header') {
      return {
        section: 'header',
        title: translate(catalogue, locale, 'srmSupplierChange.headerSection'),
        fields: present(supplierInfo, section.fields),
        lines: [],
      };
    }
    const entity = supplierInfo.lines[section.section];
    return {
      section: section.section,
      title: entityTitle(catalogue, locale, entity.name),
      fields: [],
      lines: section.lines.map((line) => ({
        kind: line.kind,
        kindLabel: translate(catalogue, locale, `srmSupplierChange.kind.${line.kind}`),
        title: lineTitle(entity, line.line),
        fields: present(entity, line.fields),
      })),
    };
  });
}
