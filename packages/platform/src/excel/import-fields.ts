// The columns an import takes for an entity and a caller: every field the caller could write
// when creating a row (client-writable, writable by the caller's side, never internal-only or
// the owner for a supplier), except files, JSON and the line's header.
import {
  type Catalogue,
  type EntityDef,
  type FieldDef,
  type Locale,
  fieldLabel,
  isClientWritable,
} from '@srm/kernel';
import type { Actor } from '../access/actor';

export interface ImportField {
  readonly name: string;
  readonly field: FieldDef;
  readonly required: boolean;
}

export function importFields(entity: EntityDef, actor: Actor): ImportField[] {
  const external = actor.side === 'supplier' && !actor.system;
  const fields: ImportField[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if ((field as { system?: boolean }).system || !isClientWritable(field)) continue;
    if (field.kind === 'attachments' || field.kind === 'json' || field.kind === 'compute') continue;
    if (entity.parent?.field === name) continue;
    if (!actor.system && !(field.writableBy ?? entity.writableBy).includes(actor.side)) continue;
    if (external && (field.internalOnly || entity.ownedBy === name)) continue;
    fields.push({ name, field, required: !!field.required && field.default === undefined });
  }
  return fields;
}

/** The header of a field's column: its label, marked * when required. */
export function headerOf(messages: Catalogue, locale: Locale, entity: EntityDef, field: ImportField): string {
  const label = fieldLabel(messages, locale, entity.name, field.name);
  return field.required ? `*${label}` : label;
}

/** Maps a header text to a field: its label in either language (with or without *) or its name. */
export function fieldByHeader(
  messages: Catalogue,
  entity: EntityDef,
  fields: readonly ImportField[],
): (header: string) => ImportField | undefined {
  const byText = new Map<string, ImportField>();
  for (const field of fields) {
    byText.set(field.name.toLowerCase(), field);
    for (const locale of ['zh-CN', 'en'] as const)
      byText.set(fieldLabel(messages, locale, entity.name, field.name).toLowerCase(), field);
  }
  return (header) =>
    byText.get(
      header
        .replace(/^[\s*＊]+/, '')
        .trim()
        .toLowerCase(),
    );
}
