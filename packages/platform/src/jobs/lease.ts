// Who is running a piece of background work (a big import, a background export), so that work
// left RUNNING by a process that died can be told from work another node is doing right now.
//
// On PostgreSQL several nodes may share the database: a node holds a session advisory lock per
// item it runs, on a connection of its own kept for that; when the node dies, PostgreSQL ends its
// session and the locks go with it. A node asking whether an item is held elsewhere tries the
// lock: if it gets it, nobody runs the item and it keeps the lock while it clears the item up.
// On the embedded database the data directory's lock already says no other process runs: only
// what this process holds is held.
import type { Database } from '@srm/db';

/** The kinds of work, each a namespace of advisory locks (the first key of the two-key form). */
export const WORK_LOCK_NAMESPACES = { import: 0x53524d01, export: 0x53524d02, request: 0x53524d03 } as const;
export type WorkKind = keyof typeof WORK_LOCK_NAMESPACES;
const NAMESPACES = WORK_LOCK_NAMESPACES;
/** How often a lost session's locks are asked for again while that session still holds them. */
const RETAKE_INTERVAL_MS = 200;

interface PgClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  release(destroy?: boolean): void;
}
interface PgPool {
  connect(): Promise<PgClient>;
}

export class WorkLease {
  private readonly mine = new Set<string>();
  private client: Promise<{ client: PgClient; pid: number }> | null = null;

  constructor(
    private readonly database: Database,
    private readonly onLost: (error: Error) => void = () => undefined,
  ) {}

  /** Marks the item as run by this node until `release`. */
  async hold(kind: WorkKind, id: number): Promise<void> {
    this.mine.add(`${kind}:${id}`);
    if (this.database.kind !== 'postgres') return;
    const client = await this.connection();
    await client.query('select pg_advisory_lock($1, $2)', [NAMESPACES[kind], id]);
  }

  async release(kind: WorkKind, id: number): Promise<void> {
    if (!this.mine.delete(`${kind}:${id}`) || this.database.kind !== 'postgres') return;
    const client = await this.connection();
    await client.query('select pg_advisory_unlock($1, $2)', [NAMESPACES[kind], id]);
  }

  /**
   * Claims an item nobody runs (its runner died): true and held by this node (release it when
   * cleared up), or false when this node or another one runs it.
   */
  async claimOrphan(kind: WorkKind, id: number): Promise<boolean> {
    if (this.mine.has(`${kind}:${id}`)) return false;
    if (this.database.kind !== 'postgres') {
      this.mine.add(`${kind}:${id}`);
      return true;
    }
    const client = await this.connection();
    const { rows } = await client.query('select pg_try_advisory_lock($1, $2) as got', [NAMESPACES[kind], id]);
    if (rows[0]?.got !== true) return false;
    this.mine.add(`${kind}:${id}`);
    return true;
  }

  /**
   * Ends the lease connection. Its locks are released first, so another node finds the items free
   * as soon as this returns: a destroyed socket alone frees them only when the server notices.
   */
  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.mine.clear();
    const connected = client ? await client.catch(() => null) : null;
    if (!connected) return;
    await connected.client.query('select pg_advisory_unlock_all()').catch(() => undefined);
    connected.client.release(true);
  }

  /**
   * After the lease connection was lost (its locks with it), takes the locks of the items this
   * node still runs again on a new connection, so that another node's sweep does not take them
   * for orphans. The old session may hold them a while yet (its server process is still ending,
   * or after a network cut it lives until the server notices): while it does, this waits and
   * asks again. An item another node claimed in between is reported through `onLost`.
   */
  private async holdAgain(lostPid: number | null): Promise<void> {
    const pending = [...this.mine];
    try {
      while (pending.length) {
        const client = await this.connection();
        for (const item of [...pending]) {
          const [kind, id] = item.split(':') as [WorkKind, string];
          const key = [NAMESPACES[kind], Number(id)];
          if (!this.mine.has(item)) {
            pending.splice(pending.indexOf(item), 1);
            continue;
          }
          const { rows } = await client.query('select pg_try_advisory_lock($1, $2) as got', key);
          if (rows[0]?.got === true) {
            pending.splice(pending.indexOf(item), 1);
            continue;
          }
          const holders = await client.query(
            `select pid from pg_locks where locktype = 'advisory' and granted and classid = $1::bigint::oid
               and objid = $2::bigint::oid and objsubid = 2
               and database = (select oid from pg_database where datname = current_database())`,
            key,
          );
          const pids = holders.rows.map((row) => Number(row.pid));
          // Held by a session other than this node's lost one: another node claimed it.
          if (pids.some((pid) => pid !== lostPid)) {
            pending.splice(pending.indexOf(item), 1);
            this.onLost(new Error(`${item} was claimed by another node`));
          }
        }
        if (pending.length) await new Promise((resolve) => setTimeout(resolve, RETAKE_INTERVAL_MS));
      }
    } catch (error) {
      // No connection now: the next use makes one; the items stay this node's in memory.
      this.onLost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** The server process of the lease connection (tests end it to play a node that dies). */
  async sessionPid(): Promise<number | null> {
    if (this.database.kind !== 'postgres') return null;
    return (await this.session()).pid;
  }

  private async connection(): Promise<PgClient> {
    return (await this.session()).client;
  }

  private session(): Promise<{ client: PgClient; pid: number }> {
    if (!this.client) {
      const pool = (this.database.db as unknown as { $client: PgPool }).$client;
      const opening = pool.connect().then(async (client) => {
        let pid: number | null = null;
        client.on('error', (error) => {
          // The session ended: every lock of this node is gone; a new connection is made on next
          // use, and the dead one goes back to its pool destroyed (or the pool never ends).
          if (this.client === opening) this.client = null;
          try {
            client.release(true);
          } catch {
            // Released already: a second error of the same session.
            return;
          }
          this.onLost(error);
          void this.holdAgain(pid);
        });
        try {
          const { rows } = await client.query('select pg_backend_pid() as pid');
          pid = Number(rows[0]?.pid);
        } catch (error) {
          client.release(true);
          throw error;
        }
        return { client, pid };
      });
      this.client = opening;
      opening.catch(() => {
        if (this.client === opening) this.client = null;
      });
    }
    return this.client;
  }
}
