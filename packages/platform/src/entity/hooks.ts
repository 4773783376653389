// Server-only behaviour of an entity, in its area's `x.actions.ts`: small named functions run
// inside the document's transaction around saves, deletes and workflow actions.
import type { ZodType } from 'zod';
import type { EntityDef, RuleIssue } from '@srm/kernel';
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
