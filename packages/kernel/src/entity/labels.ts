// Labels come from the locale files, keyed by name (react-admin style): `entity.<name>` for an
// object, `<name>.<field>` for its fields (or the shared `field.<field>`), `action.<action>`
// (or `<name>.action.<action>`), `lookup.<type>.<code>` for codes the definition lists.
import type { Locale } from '../i18n/language';
import type { Catalogue } from '../i18n/messages';
import { type EntityDef, STATUS_FIELD } from './define';
import { refDisplayName } from './fields';

function first(catalogue: Catalogue, locale: Locale, keys: string[], fallback: string): string {
  for (const key of keys) {
    const text = catalogue[locale][key] ?? catalogue['zh-CN'][key];
    if (text !== undefined) return text;
  }
  return fallback;
}

export const titleKey = (entity: string) => `entity.${entity}`;

export function entityTitle(catalogue: Catalogue, locale: Locale, entity: string): string {
  return first(catalogue, locale, [titleKey(entity)], entity);
}

export function fieldLabel(catalogue: Catalogue, locale: Locale, entity: string, field: string): string {
  return first(catalogue, locale, [`${entity}.${field}`, `field.${field}`], field);
}

/**
 * Label of any readable property of a row: a field, or the display value of a reference
 * (which falls back to the reference field's own label).
 */
export function propertyLabel(
  catalogue: Catalogue,
  locale: Locale,
  entity: EntityDef,
  property: string,
): string {
  const keys = [`${entity.name}.${property}`, `field.${property}`];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind === 'ref' && refDisplayName(name, field) === property)
      keys.push(`${entity.name}.${name}`, `field.${name}`);
  }
  return first(catalogue, locale, keys, property);
}

export function actionLabel(catalogue: Catalogue, locale: Locale, entity: string, action: string): string {
  return first(catalogue, locale, [`${entity}.action.${action}`, `action.${action}`], action);
}

export function codeLabel(catalogue: Catalogue, locale: Locale, lookupType: string, code: string): string {
  return first(catalogue, locale, [`lookup.${lookupType}.${code}`], code);
}

export function sectionLabel(catalogue: Catalogue, locale: Locale, entity: string, section: string): string {
  return first(catalogue, locale, [`${entity}.section.${section}`, `section.${section}`], section);
}

/**
 * Every label an entity needs, each as alternative keys (one must exist in both languages).
 * The locale test of each area fails when one is missing.
 */
export function requiredLabelKeys(entity: EntityDef): string[][] {
  const keys: string[][] = [[titleKey(entity.name)]];
  for (const [name, field] of Object.entries(entity.fields)) {
    keys.push([`${entity.name}.${name}`, `field.${name}`]);
    if (field.kind === 'ref') {
      const display = refDisplayName(name, field);
      if (display)
        keys.push([
          `${entity.name}.${display}`,
          `field.${display}`,
          `${entity.name}.${name}`,
          `field.${name}`,
        ]);
    }
    if (field.kind === 'lookup' && field.codes && name !== STATUS_FIELD) {
      for (const code of field.codes) keys.push([`lookup.${field.lookupType}.${code}`]);
    }
  }
  for (const collection of Object.keys(entity.lines)) keys.push([`${entity.name}.${collection}`]);
  if (entity.workflow) {
    for (const action of Object.keys(entity.workflow.actions)) {
      keys.push([`${entity.name}.action.${action}`, `action.${action}`]);
    }
    const statusLookup = entity.workflow.statusLookup ?? 'DOC_STATUS';
    for (const state of entity.workflow.states) keys.push([`lookup.${statusLookup}.${state}`]);
  }
  for (const section of entity.form?.sections ?? []) {
    keys.push([`${entity.name}.section.${section.key}`, `section.${section.key}`]);
  }
  return keys;
}

/** Label keys of the entities missing in either language. */
export function missingLabels(entities: readonly EntityDef[], catalogue: Catalogue): string[] {
  const missing: string[] = [];
  for (const entity of entities) {
    for (const alternatives of requiredLabelKeys(entity)) {
      for (const locale of ['zh-CN', 'en'] as const) {
        if (!alternatives.some((key) => key in catalogue[locale])) {
          missing.push(`${locale}: ${alternatives.join(' | ')}`);
        }
      }
    }
  }
  return missing;
}
