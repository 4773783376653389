// The embedded database's directory lock: PGlite has no postmaster, so nothing stops a second
// process from opening the same directory, and two PostgreSQL instances writing one data
// directory hand out the same ids and overwrite each other's pages. A lock file beside the
// directory names its holder; a holder that is gone (kill -9, power loss) leaves a stale file
// that the next start recognises and replaces.
import { hostname } from 'node:os';
import { linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';

export interface LockOwner {
  pid: number;
  /** The process's start time (Linux: clock ticks since boot), to tell a reused pid apart. */
  processStart: string | null;
  host: string;
  startedAt: string;
  command: string;
}

export class DirectoryLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly owner: LockOwner,
  ) {
    const who = `pid ${owner.pid}, ${owner.command}, since ${owner.startedAt}`;
    super(
      [
        `数据目录 ${directory} 正由另一个进程使用（${who}）。请先停止该进程，或为本进程设置另一个 SRM_DATA_DIR。`,
        `The data directory ${directory} is in use by another process (${who}). Stop that process first, or give this one another SRM_DATA_DIR.`,
      ].join('\n'),
    );
    this.name = 'DirectoryLockedError';
  }
}

export interface DirectoryLock {
  readonly path: string;
  readonly owner: LockOwner;
  /** Removes the lock file if it is still this process's. */
  release(): void;
}

/** The lock file of a database directory: `<directory>.lock`, beside it (it outlives a re-created directory). */
export function lockPathOf(directory: string): string {
  return `${directory.replace(/[/\\]+$/, '')}.lock`;
}

/** The start time of a process from /proc (Linux), null where there is no /proc. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command in field 2 may hold spaces, so count after its ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true; // another machine's process: cannot check, assume alive
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStartOf(owner.pid);
  // The pid is alive, but if it started at another time it is another process that reused it.
  return !(owner.processStart && start && start !== owner.processStart);
}

function readOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' ? (owner as LockOwner) : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of a database directory, or throws DirectoryLockedError naming the process
 * that holds it. The file is created by a hard link of a complete temporary file, so it is
 * never seen half-written and only one of two processes starting together gets it.
 */
export function lockDirectory(directory: string): DirectoryLock {
  const path = lockPathOf(directory);
  const owner: LockOwner = {
    pid: process.pid,
    processStart: processStartOf(process.pid),
    host: hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 300) || process.argv0,
  };
  const text = JSON.stringify(owner);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(temporary, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      }
      let found: string;
      try {
        found = readFileSync(path, 'utf8');
      } catch {
        continue; // released meanwhile
      }
      const holder = readOwner(path);
      if (holder && isAlive(holder)) throw new DirectoryLockedError(directory, holder);
      // Stale (its process is gone) or unreadable (written by nothing we know): move it aside,
      // and put it back if what was moved is not what was judged (another start replaced it).
      const aside = `${path}.${process.pid}.stale`;
      try {
        renameSync(path, aside);
      } catch {
        continue;
      }
      if (readFileSync(aside, 'utf8') !== found) {
        try {
          linkSync(aside, path);
        } catch {
          // the newcomer's lock is in place again or another one is: the next attempt reads it
        }
      }
      rmSync(aside, { force: true });
    }
  } finally {
    rmSync(temporary, { force: true });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readOwner(path)?.pid === process.pid) {
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', release);
  return { path, owner, release };
}

/** The live process holding a directory's lock on this machine, or null when none does. */
export function lockHolder(directory: string): LockOwner | null {
  const owner = readOwner(lockPathOf(directory));
  return owner && owner.host === hostname() && isAlive(owner) ? owner : null;
}
