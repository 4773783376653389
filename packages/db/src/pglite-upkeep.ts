// The embedded engine's autovacuum. PGlite runs PostgreSQL as one process in single-user mode:
// no autovacuum worker ever starts, so without this its tables were never analysed (the planner
// guessed their sizes for good: pg-boss's completion of a job read every job its queue had ever
// held) and never vacuumed (dead rows kept, transaction ids never frozen). Every pass reads the
// statistics PostgreSQL keeps per table and vacuums or analyses those past PostgreSQL's own
// autovacuum thresholds, one table at a time (ADR 0035 addendum).
import type { PGlite } from '@electric-sql/pglite';

/** What a pass found to do for a table, and why. */
export interface UpkeepStep {
  readonly table: string;
  readonly vacuum: boolean;
  readonly analyze: boolean;
}

/**
 * PostgreSQL's autovacuum defaults: vacuum past 50 dead rows plus a fifth of the table, or past
 * 1,000 inserted rows plus a fifth (the visibility map, freezing); analyse past 50 changed rows
 * plus a tenth; vacuum any table whose oldest transaction id is older than
 * autovacuum_freeze_max_age (wraparound). A table never counted has reltuples -1: taken as empty.
 */
const DUE = `
  select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as "table",
         (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
           or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
           or age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::bigint) as vacuum,
         s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
   where c.relkind in ('r', 'm')
     and (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
          or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
          or age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::bigint
          or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))
   order by s.n_dead_tup + s.n_mod_since_analyze desc`;

/** The tables a pass would vacuum or analyse now. */
export async function upkeepDue(client: PGlite): Promise<UpkeepStep[]> {
  // The session's own counts reach the statistics at most once a second, when it is idle (and the
  // embedded engine's idle timer never fires): flushed now, at the end of this statement.
  // Sent as plain text, as the commands below: none takes a place among the prepared statements.
  await client.exec('select pg_stat_force_next_flush()');
  const [due] = await client.exec(DUE);
  return (due?.rows ?? []) as UpkeepStep[];
}

/**
 * One pass: each due table vacuumed (and analysed) or analysed, each its own statement, so that
 * the application's queries go between them. A table dropped meanwhile is passed over. What was
 * done.
 */
export async function upkeepPass(
  client: PGlite,
  stopped: () => boolean = () => false,
): Promise<UpkeepStep[]> {
  const done: UpkeepStep[] = [];
  for (const step of await upkeepDue(client)) {
    if (stopped()) break;
    const command = step.vacuum ? `vacuum (analyze ${step.analyze}) ${step.table}` : `analyze ${step.table}`;
    try {
      await client.exec(command);
      done.push(step);
    } catch {
      // Dropped or renamed since the statistics were read (a migration): the next pass sees it as it is.
    }
  }
  return done;
}

export interface Upkeep {
  /** Stops the passes; waits for the one running. */
  stop(): Promise<void>;
}

/**
 * Runs a pass every `seconds` (PostgreSQL's autovacuum looks every 60 s; an embedded database's
 * tables are small and a pass over them short). The timer keeps no process alive.
 */
export function startUpkeep(client: PGlite, seconds: number): Upkeep {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    timer = setTimeout(() => {
      running = upkeepPass(client, () => stopped)
        .catch(() => undefined) // closed under it
        .finally(() => {
          if (!stopped) next();
        });
    }, seconds * 1000);
    timer.unref();
  };
  next();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
