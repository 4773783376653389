// What a save sends and how the server's answer maps back onto the form: only fields a client
// may write (plus the key and versionNum), lines with their keys, and field issues of the API
// (`field` or `collection.index.field`) as form field names.
import {
  type EntityDef,
  type FieldDef,
  VERSION_FIELD,
  formatDate,
  isClientWritable,
  refDisplayName,
} from '@srm/kernel';

type Row = Readonly<Record<string, unknown>>;

function pickWritable(
  entity: EntityDef,
  values: Row,
  writable: (name: string, field: FieldDef) => boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isClientWritable(field) || !writable(name, field) || !(name in values)) continue;
    // A field the form stopped showing (its `appliesWhen` no longer holds for what is on screen)
    // is sent empty: what was typed into it before belongs to no field of this row.
    if (field.appliesWhen && !field.appliesWhen(values)) {
      body[name] = null;
      continue;
    }
    const value = values[name];
    body[name] = value === undefined ? null : value;
  }
  return body;
}

/** The saveOrUpdate body of a header, its lines and, for an update, its key and version. */
export function saveBody(
  entity: EntityDef,
  values: Row,
  saved: Row | null,
  writable: (name: string, field: FieldDef) => boolean = () => true,
  lineWritable: (collection: string, name: string, field: FieldDef) => boolean = () => true,
): Record<string, unknown> {
  const body = pickWritable(entity, values, writable);
  if (saved?.[entity.key] != null) {
    body[entity.key] = saved[entity.key];
    body[VERSION_FIELD] = saved[VERSION_FIELD];
  }
  for (const [collection, line] of Object.entries(entity.lines)) {
    const rows = values[collection];
    if (!Array.isArray(rows)) continue;
    body[collection] = rows.map((row: Row) => {
      const lineBody = pickWritable(line, row, (name, field) => lineWritable(collection, name, field));
      if (row[line.key] != null) lineBody[line.key] = row[line.key];
      return lineBody;
    });
  }
  return body;
}

/** A copy of a line without its identity: key, version, header link, audit and server fields. */
/**
 * A new line's numbers (the fields with `sequence`): the highest of the lines so far plus the
 * step (10, 20, … or 1, 2, …), counting the lines added before it in the same go.
 */
export function numberedLine(line: EntityDef, rows: readonly Row[], row: Row): Row {
  const numbered = { ...row };
  for (const [name, field] of Object.entries(line.fields)) {
    const step = field.sequence?.step;
    if (!step) continue;
    const highest = rows.reduce((max, item) => Math.max(max, Number(item[name]) || 0), 0);
    numbered[name] = highest + step;
  }
  return numbered;
}

export function copyLine(line: EntityDef, row: Row): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(line.fields)) {
    if (isClientWritable(field) && name in row) copy[name] = row[name];
  }
  return copy;
}

/** Who types a new document, for the fields that start from the profile. */
export interface Profile {
  userFullName?: string;
  timeZone: string;
  /** Now, epoch ms (tests give it). */
  now?: number;
}

/** Values of a new row: the fields' defaults, and the profile's for a new document. */
export function defaultValues(entity: EntityDef, profile?: Profile): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isClientWritable(field)) continue;
    if (profile && field.profileDefault === 'userFullName' && profile.userFullName) {
      values[name] = profile.userFullName;
    } else if (profile && field.profileDefault === 'today') {
      values[name] = formatDate(profile.now ?? Date.now(), profile.timeZone);
    } else if (field.default !== undefined) {
      values[name] = typeof field.default === 'function' ? (field.default as () => unknown)() : field.default;
    }
  }
  return values;
}

/** The form name of an API issue path: 'lines.3.qty' → ['lines', 3, 'qty']. */
export function issueName(path: string): (string | number)[] {
  if (!path) return [];
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * What picking a reference brings into the row (its `brings`): each named field from the
 * target row's same-named field, a reference with its display value; all empty when cleared.
 */
export function broughtBy(entity: EntityDef, name: string, picked: Row | null): Record<string, unknown> {
  const field = entity.fields[name];
  if (field?.kind !== 'ref' || !field.brings) return {};
  const out: Record<string, unknown> = {};
  for (const brought of field.brings) {
    out[brought] = picked?.[brought] ?? null;
    const own = entity.fields[brought];
    const display = own?.kind === 'ref' ? refDisplayName(brought, own) : null;
    if (display) out[display] = picked?.[display] ?? null;
  }
  return out;
}
