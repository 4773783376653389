// The login page loads what the entry imports statically (the `start` chunk) and little else
// (bench/login: ≤ 250 KB). Through the kernel's or the toolkit's index, rolldown counts every
// re-exported module as a dependency: one value imported from `@srm/kernel` once brought zod and
// decimal.js into the login page (247 → 299 KB). This walks the entry's static imports (value
// imports; `import type` and `import()` load nothing) and names any that reaches an index.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const LIGHT_ENTRIES: Record<string, string> = {
  '@srm/kernel/texts': 'packages/kernel/src/texts.ts',
  '@srm/platform-ui/core': 'packages/platform-ui/src/core.ts',
};
/** Workspace packages the entry must reach only through their light entries. */
const HEAVY = /^@srm\//;

function resolveFile(from: string, specifier: string): string | null {
  if (LIGHT_ENTRIES[specifier]) return join(ROOT, LIGHT_ENTRIES[specifier]);
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

/** The value imports and re-exports of a module (type-only ones left out). */
function valueImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+([^;]*?)\s+from\s+'([^']+)'/gms;
  for (const match of source.matchAll(statement)) {
    const clause = match[2]!.trim();
    if (clause.startsWith('type ')) continue;
    const names = /^\{([^}]*)\}$/s.exec(clause);
    if (names && names[1]!.split(',').every((name) => !name.trim() || name.trim().startsWith('type ')))
      continue;
    found.push(match[3]!);
  }
  for (const match of source.matchAll(/^\s*import\s+'([^']+)'/gm)) found.push(match[1]!);
  return found;
}

/** Every `@srm/…` index reached from the entry by static value imports, with the path to it. */
function heavyImports(entry: string): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  const walk = (file: string, path: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      const next = resolveFile(file, specifier);
      if (next) walk(next, [...path, specifier]);
      else if (HEAVY.test(specifier)) problems.push([...path, specifier].join(' → '));
    }
  };
  walk(entry, ['main.tsx']);
  return problems;
}

describe('the web entry', () => {
  it('reaches the workspace packages only through their light entries', () => {
    expect(heavyImports(join(ROOT, 'apps/web/src/main.tsx'))).toEqual([]);
  });

  it('would name a value imported from an index', () => {
    expect(valueImports("import { DEFAULT_TIME_ZONE, type Side } from '@srm/kernel';")).toEqual([
      '@srm/kernel',
    ]);
    expect(valueImports("import { type EntityDef, type Side } from '@srm/kernel';")).toEqual([]);
    expect(valueImports("import type { Side } from '@srm/kernel';")).toEqual([]);
  });
});
