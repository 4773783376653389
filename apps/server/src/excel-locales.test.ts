// Every text of the export and import services and every label of the entities the server runs
// exists in both languages; every `excel.*` key the code names is in the catalogue.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingKeys, missingLabels } from '@srm/kernel';
import { excelMessages } from '@srm/platform';
import { repoRoot } from './paths';
import { messages, registry } from './schema';

describe('excel and job messages', () => {
  it('have every key in both languages', () => {
    expect(missingKeys(excelMessages)).toEqual([]);
  });

  it('cover every entity the server runs, the background export included', () => {
    expect(missingLabels(registry.all(), messages)).toEqual([]);
  });

  it('include every excel.* key the code uses', () => {
    const dir = join(repoRoot, 'packages/platform/src/excel');
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/'(excel\.[A-Za-z.]+)'/g))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((key) => !(key in excelMessages['zh-CN']) || !(key in excelMessages.en));
    expect(missing).toEqual([]);
  });
});
