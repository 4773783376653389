// What a process killed in the middle of its work leaves behind, cleared by the next start of a
// server that has the data directory to itself (the embedded database under its lock): the
// status rows of imports and background exports that said RUNNING, and their work files.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Catalogue, type Locale, translate } from '@srm/kernel';

/** A reason in both languages: the row has one text and no record of the reader's language. */
export function interruptedReason(messages: Catalogue, key: string): string {
  const locales: Locale[] = ['zh-CN', 'en'];
  return locales.map((locale) => translate(messages, locale, key)).join(' / ');
}

/**
 * Removes the files (not the directories: resumable uploads keep theirs) directly in each
 * directory that were last changed before `before`; answers how many.
 */
export async function removeWorkFiles(directories: readonly string[], before: number): Promise<number> {
  let removed = 0;
  for (const directory of directories) {
    let names: string[];
    try {
      names = await readdir(directory);
    } catch {
      continue; // never made
    }
    for (const name of names) {
      const path = join(directory, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile() || info.mtimeMs >= before) continue;
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}
