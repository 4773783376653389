// Every visible text of the shell comes from the locale files: both languages hold the same keys,
// and every key the sources name exists (a key built from a prefix needs keys under it).
import { describe, expect, it } from 'vitest';
import { missingKeys } from '@srm/kernel';
import zhCN from './zh-CN.json';
import en from './en.json';

const NAMESPACES = [
  'app',
  'auth',
  'chunk',
  'embed',
  'exHome',
  'exports',
  'forget',
  'home',
  'language',
  'login',
  'notFound',
  'password',
  'register',
  'registerInfo',
  'shell',
  'user',
  'userCenter',
];

const sources = import.meta.glob(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Keys the sources name in quotes ('shell.home'), and prefixes of built keys (`home.greeting.${…}`). */
function namedKeys(): { keys: Set<string>; prefixes: Set<string> } {
  const pattern = new RegExp(`['"\`]((?:${NAMESPACES.join('|')})\\.[A-Za-z0-9_.]*)(['"\`]|\\$\\{)`, 'g');
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const match of text.matchAll(pattern)) {
      if (match[2] === '${') prefixes.add(match[1]!);
      else keys.add(match[1]!);
    }
  }
  return { keys, prefixes };
}

describe('the shell’s texts', () => {
  it('exist in both languages', () => {
    expect(missingKeys({ 'zh-CN': zhCN, en })).toEqual([]);
  });

  it('cover every key the sources use', () => {
    const { keys, prefixes } = namedKeys();
    expect(keys.size).toBeGreaterThan(100);
    expect([...keys].filter((key) => !(key in zhCN))).toEqual([]);
    expect(
      [...prefixes].filter((prefix) => !Object.keys(zhCN).some((key) => key.startsWith(prefix))),
    ).toEqual([]);
  });
});
