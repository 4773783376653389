// Meanings of lookup codes in the caller's language, both ways: code → meaning for exports,
// meaning (either language) or code → code for imports. Codes a definition lists are labelled
// by the locale files (`lookup.<TYPE>.<CODE>`); other types come from the lookup values table.
import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type LookupField, type Locale, codeLabel } from '@srm/kernel';
import type { EntityRuntime } from '../entity/runtime';

export interface LookupChoice {
  readonly code: string;
  readonly meaning: string;
}

export class LookupMeanings {
  private readonly tableTypes = new Map<string, LookupChoice[]>();
  /** Meanings in both languages of table codes, for imports that accept either. */
  private readonly other = new Map<string, [string, string]>();
  private readonly indexes = new Map<
    string,
    { byCode: Map<string, string>; byMeaning: Map<string, string> }
  >();

  private constructor(
    private readonly runtime: EntityRuntime,
    private readonly locale: Locale,
  ) {}

  /** Loads the table lookups of these fields (one query). */
  static async load(
    runtime: EntityRuntime,
    locale: Locale,
    fields: readonly LookupField[],
  ): Promise<LookupMeanings> {
    const meanings = new LookupMeanings(runtime, locale);
    const types = [...new Set(fields.filter((field) => !field.codes).map((field) => field.lookupType))];
    if (types.length && runtime.registry.find('baseLookupValues')) {
      const table = runtime.table('baseLookupValues');
      const col = (name: string) => table[name] as AnyPgColumn;
      const rows = await runtime
        .executor()
        .select({
          type: col('lookupType'),
          code: col('lookupCode'),
          meaning: col('meaning'),
          meaningEn: col('meaningEn'),
          seq: col('seqNum'),
        })
        .from(table)
        .where(and(inArray(col('lookupType'), types), eq(col('enabledFlag'), 'Y')))
        .orderBy(col('lookupType'), col('seqNum'), col('lookupCode'));
      for (const type of types) meanings.tableTypes.set(type, []);
      for (const row of rows as Record<string, unknown>[]) {
        const meaning =
          locale === 'en' && row.meaningEn ? String(row.meaningEn) : String(row.meaning ?? row.code);
        meanings.tableTypes.get(String(row.type))!.push({ code: String(row.code), meaning });
        meanings.other.set(`${String(row.type)}\u0000${String(row.code)}`, [
          String(row.meaning ?? ''),
          String(row.meaningEn ?? ''),
        ]);
      }
    }
    return meanings;
  }

  /** The choices of a lookup field, in order. */
  choices(field: LookupField): LookupChoice[] {
    if (field.codes) {
      return field.codes.map((code) => ({
        code,
        meaning: codeLabel(this.runtime.messages(), this.locale, field.lookupType, code),
      }));
    }
    return this.tableTypes.get(field.lookupType) ?? [];
  }

  /** The meaning of one code, the code itself when it has none. */
  meaning(field: LookupField, code: string): string {
    if (field.codes) return codeLabel(this.runtime.messages(), this.locale, field.lookupType, code);
    return this.index(field).byCode.get(code) ?? code;
  }

  /** The code a cell names: its meaning in either language, or the code itself. */
  code(field: LookupField, text: string): string | null {
    const value = text.trim();
    const { byCode, byMeaning } = this.index(field);
    if (byCode.has(value)) return value;
    return byMeaning.get(value) ?? byMeaning.get(value.toLowerCase()) ?? null;
  }

  private index(field: LookupField) {
    let found = this.indexes.get(field.lookupType);
    if (found) return found;
    const byCode = new Map<string, string>();
    const byMeaning = new Map<string, string>();
    for (const choice of this.choices(field)) byCode.set(choice.code, choice.meaning);
    for (const choice of this.choices(field)) {
      const names = field.codes
        ? (['zh-CN', 'en'] as const).map((locale) =>
            codeLabel(this.runtime.messages(), locale, field.lookupType, choice.code),
          )
        : (this.other.get(`${field.lookupType}\u0000${choice.code}`) ?? []);
      for (const name of [choice.meaning, ...names]) {
        if (!name) continue;
        if (!byMeaning.has(name)) byMeaning.set(name, choice.code);
        if (!byMeaning.has(name.toLowerCase())) byMeaning.set(name.toLowerCase(), choice.code);
      }
    }
    found = { byCode, byMeaning };
    this.indexes.set(field.lookupType, found);
    return found;
  }
}
