// The REST surface of every entity: /api/{service}/v1/{entity}Restful/{action} with findById,
// listByPage, saveOrUpdate, doBatchSaveOrUpdate, delete, doBatchDelete and the workflow
// actions. Each route identifies the caller, asks the policy, then calls the entity service.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type EntityDef, hasNul, parseInput } from '@srm/kernel';
import type { Executor } from '@srm/db';
import { type AccessPolicy, type Actor, ANONYMOUS_ACTOR } from '../access/actor';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import type { EntityRuntime } from './runtime';

export const GENERIC_ACTIONS = [
  'findById',
  'listByPage',
  'saveOrUpdate',
  'doBatchSaveOrUpdate',
  'delete',
  'doBatchDelete',
] as const;
const MAX_COMMENT = 2000;

export interface RouteOptions {
  readonly runtime: EntityRuntime;
  readonly policy: AccessPolicy;
}

/** A registered endpoint, for the route inventory (every route has a policy). */
export interface RouteInfo {
  readonly path: string;
  readonly entity: string;
  readonly action: string;
}

function asObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new AppError(400, 'validation.object');
  return body as Record<string, unknown>;
}

function positiveId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The one id of a findById/delete body: `{ <key>: id }` or `{ id }`. */
function singleId(entity: EntityDef, body: Record<string, unknown>): number {
  const id = positiveId(body[entity.key] ?? body.id);
  if (id === null) throw new AppError(400, 'entity.noIds');
  return id;
}

/** The ids of a batch body: `{ ids: [...] }`, or one id as `{ <key>: id }`/`{ id }`. */
function manyIds(entity: EntityDef, body: Record<string, unknown>): number[] {
  if (body.ids !== undefined) {
    const list = typeof body.ids === 'string' ? body.ids.split(',') : body.ids;
    if (!Array.isArray(list) || !list.length) throw new AppError(400, 'entity.noIds');
    return list.map((value) => {
      const id = positiveId(typeof value === 'string' ? value.trim() : value);
      if (id === null) throw new AppError(400, 'entity.noIds');
      return id;
    });
  }
  return [singleId(entity, body)];
}

export function registerEntityRoutes(app: FastifyInstance, options: RouteOptions): RouteInfo[] {
  const { runtime, policy } = options;
  const routes: RouteInfo[] = [];

  const caller = async (request: FastifyRequest, entity: EntityDef, action: string): Promise<Actor> => {
    const actor = await policy.identify(request);
    if (!actor) throw new AppError(401, 'auth.required');
    await policy.authorize(actor, { entity, action }, request);
    return { ...actor, locale: request.locale };
  };

  for (const entity of runtime.registry.all()) {
    const service = runtime.service(entity.name);
    const isLine = !!entity.parent;
    const route = (action: string, handler: (request: FastifyRequest, actor: Actor) => Promise<unknown>) => {
      const path = `${entity.apiPath}/${action}`;
      routes.push({ path, entity: entity.name, action });
      app.post(path, { config: { access: 'entity' } }, async (request) =>
        handler(request, await caller(request, entity, action)),
      );
    };

    route('findById', async (request, actor) => {
      const body = asObject(request.body);
      return success(
        await service.find(actor, singleId(entity, body), { withHistory: body.withHistory === true }),
      );
    });

    route('listByPage', async (request, actor) => {
      const result = await service.listRequest(actor, request.body);
      const page = {
        count: result.count,
        curIndex: result.pageIndex,
        ...(result.estimated ? { estimated: true } : {}),
      };
      return success(result.rows, '', page);
    });

    if (!isLine) {
      route('saveOrUpdate', async (request, actor) => success(await service.save(actor, request.body)));

      route('doBatchSaveOrUpdate', async (request, actor) => {
        const body = request.body as unknown;
        const rows = Array.isArray(body) ? body : asObject(body).rows;
        return success(await service.saveMany(actor, rows));
      });

      route('delete', async (request, actor) => {
        await service.remove(actor, [singleId(entity, asObject(request.body))]);
        return success(null);
      });

      route('doBatchDelete', async (request, actor) => {
        await service.remove(actor, manyIds(entity, asObject(request.body)));
        return success(null);
      });
    }

    for (const [name, endpoint] of Object.entries(runtime.hooksOf(entity.name).endpoints ?? {})) {
      const handle = async (request: FastifyRequest, actor: Actor) => {
        let body: unknown = request.body;
        if (endpoint.input) {
          const parsed = parseInput(endpoint.input, body);
          if (!parsed.ok) throw service.validationError(parsed.issues);
          body = parsed.value;
        }
        const work = async (tx: Executor) =>
          endpoint.handle({ actor, runtime, tx, now: runtime.clock.now() }, body);
        const result = endpoint.read ? await work(runtime.executor()) : await runtime.transaction(work);
        return success(result.data, result.msg ?? '', result.page);
      };
      if (endpoint.public) {
        const path = `${entity.apiPath}/${name}`;
        routes.push({ path, entity: entity.name, action: name });
        app.post(path, { config: { access: 'public' } }, async (request) =>
          handle(request, { ...ANONYMOUS_ACTOR, locale: request.locale }),
        );
      } else {
        route(name, handle);
      }
    }

    for (const action of Object.keys(entity.workflow?.actions ?? {})) {
      const extraInputs = runtime.hooksOf(entity.name).actionInputs?.[action];
      route(action, async (request, actor) => {
        const body = asObject(request.body);
        const input: Record<string, unknown> = {};
        const extra: Record<string, unknown> = {};
        for (const [name, value] of Object.entries(body)) {
          if (name === entity.key || name === 'id' || name === 'ids' || name === 'versionNum') continue;
          if (name === 'comment' || name === 'date') {
            if (value !== null && value !== undefined && (typeof value !== 'string' || hasNul(value))) {
              throw new AppError(400, 'validation.text');
            }
            if (typeof value === 'string' && value.length > MAX_COMMENT)
              throw new AppError(400, 'validation.maxLength', { max: MAX_COMMENT });
            input[name] = value;
          } else if (extraInputs) {
            extra[name] = value;
          } else {
            throw new AppError(400, 'validation.unknownField', { field: name.slice(0, 60) });
          }
        }
        if (extraInputs) {
          const parsed = extraInputs.safeParse(extra);
          if (!parsed.success) throw new AppError(400, 'validation.object');
          Object.assign(input, parsed.data as object);
        }
        const versionNum = typeof body.versionNum === 'number' ? body.versionNum : null;
        const rows = await service.act(actor, action, manyIds(entity, body), input, {
          fromHttp: true,
          versionNum,
        });
        return success(rows);
      });
    }
  }
  return routes;
}
