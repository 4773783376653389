// Server-only behaviour of an entity, in its area's `x.actions.ts`: small named functions run
// inside the document's transaction around saves, deletes and workflow actions.
import type { ZodType } from 'zod';
import type { EntityDef, FieldDef, RuleIssue } from '@srm/kernel';
import type { Executor } from '@srm/db';
import type { Actor } from '../access/actor';
import type { Row } from './rows';
import type { EntityRuntime } from './runtime';

export interface HookContext {
  readonly actor: Actor;
  readonly runtime: EntityRuntime;
  /** The open transaction: every query of a hook runs on it. */
  readonly tx: Executor;
  readonly now: Date;
}

export interface SaveEvent {
  /** The header as it will be stored (plain values); a hook may set server-side fields on it. */
  readonly row: Row;
  readonly previous: Row | null;
  /** Lines as they will be stored, by collection. */
  readonly lines: Readonly<Record<string, Row[]>>;
  readonly created: boolean;
}

export interface ActionEvent {
  /** The row after the state change. */
  readonly row: Row;
  readonly previous: Row;
  /** comment, date and any properties the action's input schema accepts. */
  readonly input: Readonly<Record<string, unknown>>;
}

export type Issues = readonly RuleIssue[] | RuleIssue | null | undefined | void;

export interface EntityHooks {
  /** Checks and derivations before a save is written. Returned issues refuse the save (400). */
  beforeSave?(context: HookContext, event: SaveEvent): Promise<Issues> | Issues;
  afterSave?(context: HookContext, event: SaveEvent & { readonly id: number }): Promise<void> | void;
  beforeDelete?(context: HookContext, row: Row): Promise<Issues> | Issues;
  /** Extra inputs an action accepts besides comment and date: a schema of the other body properties. */
  actionInputs?: Readonly<Record<string, ZodType>>;
  /** Checks before an action changes the state. Returned issues refuse it (422). */
  guards?: Readonly<Record<string, (context: HookContext, event: ActionEvent) => Promise<Issues> | Issues>>;
  /** Side effects after an action changed the state, in the same transaction. */
  actions?: Readonly<Record<string, (context: HookContext, event: ActionEvent) => Promise<void> | void>>;
  /**
   * Extra endpoints of the entity (`{apiPath}/{name}`), for calls that are neither CRUD nor a
   * state change (find by country, upload a file of rows). Each runs in a transaction and
   * answers its data; the access policy sees the endpoint's name as the operation.
   */
  endpoints?: Readonly<Record<string, Endpoint>>;
}

export interface Endpoint {
  /** Reads only (no transaction lock needed, allowed for suppliers on readable entities). */
  readonly read?: boolean;
  /**
   * Callable without signing in (supplier self-registration). The handler runs as an anonymous
   * actor and must check whatever proves the caller's right (a registration token).
   */
  readonly public?: boolean;
  /**
   * The body's properties as fields: unknown ones are refused, each value is checked with its
   * kind's rules and messages, and `handle` receives the normalised values.
   */
  readonly input?: Readonly<Record<string, FieldDef>>;
  /** Answers `{ data, page? }`. */
  handle(context: HookContext, body: unknown): Promise<EndpointResult> | EndpointResult;
}

export interface EndpointResult {
  readonly data: unknown;
  readonly page?: { count: number; curIndex: number };
  readonly msg?: string;
}

export interface EntityActions {
  readonly entity: EntityDef;
  readonly hooks: EntityHooks;
}

export function defineActions(entity: EntityDef, hooks: EntityHooks): EntityActions {
  for (const name of [
    ...Object.keys(hooks.guards ?? {}),
    ...Object.keys(hooks.actions ?? {}),
    ...Object.keys(hooks.actionInputs ?? {}),
  ]) {
    if (!entity.workflow?.actions[name]) throw new Error(`${entity.name} has no action ${name}`);
  }
  for (const name of Object.keys(hooks.endpoints ?? {})) {
    if (
      entity.workflow?.actions[name] ||
      ['findById', 'listByPage', 'saveOrUpdate', 'doBatchSaveOrUpdate', 'delete', 'doBatchDelete'].includes(
        name,
      )
    ) {
      throw new Error(`${entity.name}: endpoint ${name} collides with an action`);
    }
  }
  return { entity, hooks };
}

export function issueList(issues: Issues): RuleIssue[] {
  if (!issues) return [];
  return Array.isArray(issues) ? [...(issues as RuleIssue[])] : [issues as RuleIssue];
}

function both<A extends unknown[]>(
  first: ((...args: A) => Promise<Issues> | Issues) | undefined,
  second: ((...args: A) => Promise<Issues> | Issues) | undefined,
): ((...args: A) => Promise<Issues>) | undefined {
  if (!first || !second) return (first ?? second) as ((...args: A) => Promise<Issues>) | undefined;
  return async (...args: A) => [...issueList(await first(...args)), ...issueList(await second(...args))];
}

function merged<V>(
  name: string,
  a: Readonly<Record<string, V>> | undefined,
  b: Readonly<Record<string, V>> | undefined,
  combine?: (x: V, y: V) => V,
): Record<string, V> | undefined {
  if (!a || !b) return (a ?? b) as Record<string, V> | undefined;
  const out: Record<string, V> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!(key in out)) out[key] = value;
    else if (combine) out[key] = combine(out[key]!, value);
    else throw new Error(`Two registrations define ${name} ${key}`);
  }
  return out;
}

/** Two areas' hooks for one entity run one after the other; endpoints and inputs may not collide. */
export function combineHooks(a: EntityHooks, b: EntityHooks): EntityHooks {
  const hooks: EntityHooks = {
    beforeSave: both(a.beforeSave, b.beforeSave),
    afterSave:
      a.afterSave && b.afterSave
        ? async (context, event) => {
            await a.afterSave!(context, event);
            await b.afterSave!(context, event);
          }
        : (a.afterSave ?? b.afterSave),
    beforeDelete: both(a.beforeDelete, b.beforeDelete),
    actionInputs: merged('the input of action', a.actionInputs, b.actionInputs),
    guards: merged('the guard of action', a.guards, b.guards, (x, y) => both(x, y)!),
    actions: merged('the side effect of action', a.actions, b.actions, (x, y) => async (context, event) => {
      await x(context, event);
      await y(context, event);
    }),
    endpoints: merged('endpoint', a.endpoints, b.endpoints),
  };
  return Object.fromEntries(Object.entries(hooks).filter(([, value]) => value !== undefined)) as EntityHooks;
}
