// A test run's directory: named after its process, and the directories of runs whose process is
// gone are removed when the next run makes its own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRunDir } from './template';

const parents: string[] = [];
afterEach(() => {
  for (const parent of parents.splice(0)) rmSync(parent, { recursive: true, force: true });
});

/** The pid of a process that has ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('test run directories', () => {
  it('are named after the run’s process; a killed run’s directory goes, a live run’s and others stay', () => {
    const parent = mkdtempSync(join(tmpdir(), 'srm-rundirs-'));
    parents.push(parent);
    const dead = join(parent, `srm-test-${endedPid()}-abc123`);
    const live = join(parent, `srm-test-${process.ppid}-def456`);
    const other = join(parent, 'srm-test-olderform');
    for (const dir of [dead, live, other]) {
      mkdirSync(join(dir, 'template'), { recursive: true });
      writeFileSync(join(dir, 'template', 'PG_VERSION'), '17');
    }

    const made = makeRunDir(parent);

    expect(basename(made)).toMatch(new RegExp(`^srm-test-${process.pid}-`));
    expect(existsSync(made)).toBe(true);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});
