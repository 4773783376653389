// Server-only behaviour of an entity, in its object folder's `x.actions.ts` and `x.endpoints.ts`:
// small named functions typed by the definition (rows, lines, action inputs), run inside the
// document's transaction around saves, deletes and workflow actions, each with a context that
// reads and writes through the engine (context.ts). Extra endpoints declare their input, the
// entity whose rows they answer (whose scope applies) and the resource they need; the server
// refuses to start with one that does not.
import {
  type ActionName,
  type AnyEntity,
  type DraftOf,
  type EntityDef,
  type FieldDef,
  type InputOf,
  type InputSpec,
  type LinesOf,
  type RowOf,
  type RuleIssue,
  type Side,
} from '@srm/kernel';
import type { Executor } from '@srm/db';
import type { Actor } from '../access/actor';
import { type DataApi, dataApi } from './context';
import type { Row } from './rows';
import type { EntityRuntime } from './runtime';

/** What the engine hands the hooks it runs: the caller, the runtime and the open transaction. */
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
  /** Lines as they were stored before the save, by collection (none when created). */
  readonly previousLines: Readonly<Record<string, Row[]>>;
  readonly created: boolean;
}

export interface ActionEvent {
  /** The row after the state change. */
  readonly row: Row;
  readonly previous: Row;
  /** comment, date and the action's declared input. */
  readonly input: Readonly<Record<string, unknown>>;
}

/**
 * Watches every committed-with-the-document change of every entity: called inside the
 * document's transaction after a workflow action's own side effects (`action` its name) or after
 * a save (`action` 'save'), so whatever it writes (an outbox row) commits or rolls back with the
 * change. Areas that react to other areas' documents by data (outbound interfaces) declare one
 * instead of importing them.
 */
export type ActionObserver = (
  context: HookContext,
  change: {
    readonly entity: string;
    readonly action: string;
    readonly row: Row;
    readonly previous: Row | null;
  },
) => Promise<void>;

export type Issues = readonly RuleIssue[] | RuleIssue | null | undefined | void;

/** The engine's view of an entity's behaviour (what `defineActions` and `defineEndpoints` produce). */
export interface EntityHooks {
  /** Checks and derivations before a save is written. Returned issues refuse the save (400). */
  beforeSave?(context: HookContext, event: SaveEvent): Promise<Issues> | Issues;
  afterSave?(context: HookContext, event: SaveEvent & { readonly id: number }): Promise<void> | void;
  beforeDelete?(context: HookContext, row: Row): Promise<Issues> | Issues;
  /** Checks before an action changes the state. Returned issues refuse it (422). */
  guards?: Readonly<Record<string, (context: HookContext, event: ActionEvent) => Promise<Issues> | Issues>>;
  /** Side effects after an action changed the state, in the same transaction. */
  actions?: Readonly<Record<string, (context: HookContext, event: ActionEvent) => Promise<void> | void>>;
  /** Extra endpoints of the entity (`{apiPath}/{name}`), each declared (see `endpoint`). */
  endpoints?: Readonly<Record<string, Endpoint>>;
}

/**
 * The resource an endpoint needs: `read` (the read grant of its scope entity), `button` (the
 * button `<entity>.<endpoint>` of the entity that hosts it), `public` (no sign-in; the handler
 * checks whatever proves the caller's right, a registration token), `signedIn` (any signed-in
 * user of the declared sides, whatever their grants and whether or not they may read the scope
 * entity; the handler reads on the platform's authority only what every such caller may see, and
 * decides by the caller's side: the articles of a home), or a resource code.
 */
export type EndpointResource = 'read' | 'button' | 'public' | 'signedIn' | `${string}.${string}`;

/** An extra endpoint as the engine runs it: every property declared. */
export interface Endpoint {
  /** One line for the API document. */
  readonly summary: string;
  /** The body's properties; unknown ones are refused, references must name rows the caller may read. */
  readonly input: InputSpec;
  /** The entity whose rows or values it answers: the caller must be able to read it, its scope applies. */
  readonly scope: string;
  readonly resource: EndpointResource;
  /** Sides that may call it (both by default; grants decide further). */
  readonly sides?: readonly Side[];
  /** Writes (runs in a transaction); reads run without one. */
  readonly write: boolean;
  handle(context: DataApi, input: Record<string, unknown>): Promise<EndpointResult> | EndpointResult;
  /** A report's rows as a sheet: the engine also serves `{path}/exportExcel` (see `EndpointSheet`). */
  readonly sheet?: EndpointSheet<unknown>;
}

/**
 * A report endpoint's Excel export: `POST {path}/exportExcel` with `{ requestParams, columns,
 * fileName }` runs the endpoint with `requestParams` as its input (its checks, scope and
 * resource), and writes the rows its data holds into an xlsx, in the asked columns' order and
 * titles. Each column is written as a field of its kind is in a list export (amounts as numbers,
 * lookups by their meaning, moments in the business time zone); a column that is not declared is
 * refused. The caller also needs `<scope entity>.export`.
 */
export interface EndpointSheet<D, R extends object = object> {
  /** The sheet's rows out of the endpoint's data. */
  rows(data: D): readonly R[];
  /** The columns a sheet may hold, each as the field kind it is written as. */
  readonly columns: { readonly [K in keyof R & string]?: FieldDef };
  /**
   * The prefix of the report's texts (`{labels}.title`, `{labels}.{column}`), as its screen uses
   * them: a sheet written without a screen (a background program) is titled and headed by them.
   */
  readonly labels?: string;
}

export interface EndpointResult {
  readonly data: unknown;
  readonly page?: { count: number; curIndex: number };
  readonly msg?: string;
}

export interface EndpointSpec<I extends InputSpec, S extends AnyEntity, D, R extends object> {
  readonly summary: string;
  readonly input: I;
  readonly scope: S;
  readonly resource: EndpointResource;
  readonly sides?: readonly Side[];
  readonly write?: boolean;
  handle(
    context: DataApi,
    input: InputOf<I>,
  ): Promise<EndpointResult & { readonly data: D }> | (EndpointResult & { readonly data: D });
  readonly sheet?: EndpointSheet<D, R>;
}

/** Declares an endpoint: `endpoint({ summary, input: { … }, scope: order, resource: 'button', handle })`. */
export function endpoint<
  const I extends InputSpec,
  S extends AnyEntity,
  D = unknown,
  R extends object = object,
>(spec: EndpointSpec<I, S, D, R>): Endpoint {
  const { sheet } = spec;
  return {
    summary: spec.summary,
    input: spec.input,
    scope: spec.scope.name,
    resource: spec.resource,
    ...(spec.sides ? { sides: spec.sides } : {}),
    write: spec.write ?? false,
    handle: (context, input) => spec.handle(context, input as InputOf<I>),
    // The data handed back is what this endpoint's own handle answered.
    ...(sheet
      ? {
          sheet: {
            columns: sheet.columns,
            rows: (data: unknown) => sheet.rows(data as D),
            ...(sheet.labels ? { labels: sheet.labels } : {}),
          },
        }
      : {}),
  };
}

// ------------------------------------------------------------------ typed hooks

/** The action declaration of an entity's workflow. */
type ActionDef<E, A extends string> = E extends { readonly workflow?: infer W }
  ? W extends { readonly actions: infer X }
    ? A extends keyof X
      ? X[A]
      : never
    : never
  : never;

/** The typed input of an action: its declared fields, comment and date. */
export type ActionInputOf<E, A extends string> =
  ActionDef<E, A> extends { readonly input: infer I extends InputSpec }
    ? InputOf<I> & { comment?: string | null; date?: string | null }
    : { comment?: string | null; date?: string | null };

type LineRows<E, Shape extends 'draft' | 'stored'> = {
  readonly [C in keyof LinesOf<E>]: (Shape extends 'draft' ? DraftOf<LinesOf<E>[C]> : RowOf<LinesOf<E>[C]>)[];
};

export interface SaveContext<E> extends DataApi {
  /** The header as it will be stored; a hook may set server-side fields on it. */
  readonly row: DraftOf<E>;
  /** The header as stored before (null when created). */
  readonly previous: RowOf<E> | null;
  readonly created: boolean;
  /** The lines as they will be stored, by collection (a hook may set server-side fields on them). */
  readonly newLines: LineRows<E, 'draft'>;
  /** The lines as stored before the save, by collection (empty when created). */
  readonly oldLines: LineRows<E, 'stored'>;
}

export interface ActionContext<E, A extends string> extends DataApi {
  /** The row after the state change. */
  readonly row: RowOf<E>;
  /** The row as it was. */
  readonly previous: RowOf<E>;
  readonly action: A;
  readonly input: ActionInputOf<E, A>;
}

export interface DeleteContext<E> extends DataApi {
  readonly row: RowOf<E>;
}

export interface ActionsSpec<E extends AnyEntity> {
  beforeSave?(context: SaveContext<E>): Promise<Issues> | Issues;
  afterSave?(context: SaveContext<E> & { readonly id: number }): Promise<void> | void;
  beforeDelete?(context: DeleteContext<E>): Promise<Issues> | Issues;
  /** Checks before an action changes the state; returned issues refuse it (422). */
  guards?: { readonly [A in ActionName<E>]?: (context: ActionContext<E, A>) => Promise<Issues> | Issues };
  /** Side effects after an action changed the state, in the same transaction. */
  actions?: { readonly [A in ActionName<E>]?: (context: ActionContext<E, A>) => Promise<void> | void };
}

/** What an object folder registers: its entity's behaviour (actions and endpoints combine). */
export interface EntityActions {
  readonly entity: EntityDef;
  readonly hooks: EntityHooks;
}

function saveContext(context: HookContext, event: SaveEvent, operation: string) {
  return Object.assign(dataApi(context, operation), {
    row: event.row,
    previous: event.previous,
    created: event.created,
    newLines: event.lines,
    oldLines: event.previousLines,
  });
}

/**
 * The behaviour of an entity, typed by its definition:
 * `defineActions(order, { actions: { doApproval: async (ctx) => ctx.patch(order, ctx.row.poHeaderId, …) } })`.
 * A field, line collection or action the definition does not have is a type error.
 */
export function defineActions<E extends AnyEntity>(entity: E, spec: ActionsSpec<E>): EntityActions {
  type AnyHandler = (context: unknown) => unknown;
  const byAction = (handlers: Readonly<Record<string, AnyHandler | undefined>> | undefined) =>
    handlers
      ? Object.fromEntries(
          Object.entries(handlers)
            .filter((entry): entry is [string, AnyHandler] => !!entry[1])
            .map(([name, handler]) => [
              name,
              (context: HookContext, event: ActionEvent) =>
                handler(
                  Object.assign(dataApi(context, name), {
                    row: event.row,
                    previous: event.previous,
                    action: name,
                    input: event.input,
                  }),
                ),
            ]),
        )
      : undefined;
  const hooks: EntityHooks = {
    ...(spec.beforeSave
      ? {
          beforeSave: (context: HookContext, event: SaveEvent) =>
            spec.beforeSave!(saveContext(context, event, 'save') as unknown as SaveContext<E>),
        }
      : {}),
    ...(spec.afterSave
      ? {
          afterSave: (context: HookContext, event: SaveEvent & { readonly id: number }) =>
            spec.afterSave!(
              Object.assign(saveContext(context, event, 'save'), {
                id: event.id,
              }) as unknown as SaveContext<E> & {
                readonly id: number;
              },
            ),
        }
      : {}),
    ...(spec.beforeDelete
      ? {
          beforeDelete: (context: HookContext, row: Row) =>
            spec.beforeDelete!(
              Object.assign(dataApi(context, 'delete'), { row }) as unknown as DeleteContext<E>,
            ),
        }
      : {}),
    ...(spec.guards
      ? { guards: byAction(spec.guards as Record<string, AnyHandler>) as EntityHooks['guards'] }
      : {}),
    ...(spec.actions
      ? { actions: byAction(spec.actions as Record<string, AnyHandler>) as EntityHooks['actions'] }
      : {}),
  };
  return checkedRegistration(entity, hooks);
}

/** The extra endpoints of an entity, served under its API path. */
export function defineEndpoints(
  entity: AnyEntity,
  endpoints: Readonly<Record<string, Endpoint>>,
): EntityActions {
  return checkedRegistration(entity, { endpoints });
}

function checkedRegistration(entity: EntityDef, hooks: EntityHooks): EntityActions {
  for (const name of [...Object.keys(hooks.guards ?? {}), ...Object.keys(hooks.actions ?? {})]) {
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

/** Two registrations for one entity (its actions and its endpoints, or two areas') run one after the other. */
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
    guards: merged('the guard of action', a.guards, b.guards, (x, y) => both(x, y)!),
    actions: merged('the side effect of action', a.actions, b.actions, (x, y) => async (context, event) => {
      await x(context, event);
      await y(context, event);
    }),
    endpoints: merged('endpoint', a.endpoints, b.endpoints),
  };
  return Object.fromEntries(Object.entries(hooks).filter(([, value]) => value !== undefined)) as EntityHooks;
}
