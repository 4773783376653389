// The REST surface of every entity: /api/{service}/v1/{entity}Restful/{action} with findById,
// listByPage, saveOrUpdate, doBatchSaveOrUpdate, delete, doBatchDelete and the workflow
// actions. Each route identifies the caller, asks the policy, then calls the entity service.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type Catalogue,
  type EntityDef,
  type InputSpec,
  type Side,
  actionLabel,
  checkbox,
  date,
  entityTitle,
  hasNul,
  number,
  ref,
  refs,
  textarea,
} from '@srm/kernel';
import { type AccessPolicy, type Actor, ANONYMOUS_ACTOR } from '../access/actor';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import type { DescribeIssue } from '../http/input-guard';
import type { RouteDeclaration } from '../http/route';
import { contentTypeOf } from '../files/content-type';
import { disposition } from '../files/routes';
import { SHEET_EXPORT_INPUT, parseSheetExport, sheetWorkbook } from '../excel/sheet-export';
import { SIGNED_IN, endpointOperation, endpointResource, runEndpoint } from './endpoint-run';
import type { Endpoint } from './hooks';
import { assertReadableReferences, parseDeclared } from './inputs';
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
  /** An extra endpoint's declaration. */
  readonly declaration?: EndpointDeclaration;
}

/** What an extra endpoint declares, as the route inventory and the API document show it. */
export interface EndpointDeclaration {
  readonly summary: string;
  readonly input: InputSpec;
  readonly scope: string;
  readonly resource: string;
  readonly sides?: readonly Side[];
  readonly write: boolean;
}

/**
 * An extra endpoint must declare its input, the entity whose scope applies and its resource:
 * the server does not start with one that does not.
 */
function checkDeclared(entity: EntityDef, name: string, endpoint: Endpoint): EndpointDeclaration {
  const missing = [
    ...(endpoint.input && typeof endpoint.input === 'object' ? [] : ['input']),
    ...(typeof endpoint.scope === 'string' && endpoint.scope ? [] : ['scope']),
    ...(typeof endpoint.resource === 'string' && endpoint.resource ? [] : ['resource']),
    ...(typeof endpoint.summary === 'string' && endpoint.summary ? [] : ['summary']),
  ];
  if (missing.length)
    throw new Error(`The endpoint ${entity.apiPath}/${name} does not declare its ${missing.join(', ')}`);
  return {
    summary: endpoint.summary,
    input: endpoint.input,
    scope: endpoint.scope,
    resource: endpoint.resource === 'button' ? `${entity.name}.${name}` : endpoint.resource,
    ...(endpoint.sides ? { sides: endpoint.sides } : {}),
    write: endpoint.write,
  };
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

/** A value refused for every route (a NUL character), named by the labels of the route's entity. */
export function describeEntityIssue(runtime: EntityRuntime): DescribeIssue {
  return (request, issue) => {
    const declared = (request.routeOptions.config as { declared?: RouteDeclaration } | undefined)?.declared;
    const entity = declared?.entityRoute?.entity;
    return entity && runtime.registry.find(entity)
      ? runtime.service(entity).validationError([issue])
      : undefined;
  };
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

  const english = (key: (catalogue: Catalogue) => string) => key(runtime.messages());
  for (const entity of runtime.registry.all()) {
    const service = runtime.service(entity.name);
    const isLine = !!entity.parent;
    const title = english((catalogue) => entityTitle(catalogue, 'en', entity.name));
    const ids = { [entity.key]: ref(entity.name), id: ref(entity.name) };
    const route = (
      action: string,
      shape: Pick<RouteDeclaration, 'summary' | 'input' | 'errors'> & Partial<RouteDeclaration>,
      handler: (request: FastifyRequest, actor: Actor) => Promise<unknown>,
    ) => {
      const path = `${entity.apiPath}/${action}`;
      routes.push({ path, entity: entity.name, action });
      const declared: RouteDeclaration = {
        inputFrom: 'body',
        scope: entity.name,
        success: { kind: 'envelope' },
        entityRoute: { entity: entity.name, action },
        ...shape,
      };
      app.post(path, { config: { access: 'entity', declared } }, async (request) =>
        handler(request, await caller(request, entity, action)),
      );
    };

    route(
      'findById',
      {
        summary: `${title}: one record by its id`,
        input: { ...ids, withHistory: checkbox({ values: 'boolean' }) },
        errors: [404],
      },
      async (request, actor) => {
        const body = asObject(request.body);
        return success(
          await service.find(actor, singleId(entity, body), { withHistory: body.withHistory === true }),
        );
      },
    );

    route(
      'listByPage',
      {
        summary: `${title}: a page of the list, filtered and sorted`,
        input: {},
        entityBody: { entity: entity.name, as: 'list' },
        success: { kind: 'envelope', paged: true },
        errors: [],
      },
      async (request, actor) => {
        const result = await service.listRequest(actor, request.body);
        const page = {
          count: result.count,
          curIndex: result.pageIndex,
          ...(result.estimated ? { estimated: true } : {}),
          ...(result.nextKey === undefined ? {} : { nextKey: result.nextKey }),
        };
        return success(result.rows, '', page);
      },
    );

    if (!isLine) {
      const writeErrors = [404, 409, 422] as const;
      route(
        'saveOrUpdate',
        {
          summary: `${title}: create, or update with its versionNum (lines included)`,
          input: {},
          entityBody: { entity: entity.name, as: 'save' },
          errors: writeErrors,
        },
        async (request, actor) => success(await service.save(actor, request.body)),
      );

      route(
        'doBatchSaveOrUpdate',
        {
          summary: `${title}: create or update several records, all or none`,
          input: {},
          entityBody: { entity: entity.name, as: 'batchSave' },
          errors: writeErrors,
        },
        async (request, actor) => {
          const body = request.body as unknown;
          const rows = Array.isArray(body) ? body : asObject(body).rows;
          return success(await service.saveMany(actor, rows));
        },
      );

      route(
        'delete',
        { summary: `${title}: delete one record`, input: ids, errors: writeErrors },
        async (request, actor) => {
          await service.remove(actor, [singleId(entity, asObject(request.body))]);
          return success(null);
        },
      );

      route(
        'doBatchDelete',
        {
          summary: `${title}: delete several records, all or none`,
          input: { ids: refs(entity.name), ...ids },
          errors: writeErrors,
        },
        async (request, actor) => {
          await service.remove(actor, manyIds(entity, asObject(request.body)));
          return success(null);
        },
      );
    }

    for (const [name, endpoint] of Object.entries(runtime.hooksOf(entity.name).endpoints ?? {})) {
      const declaration = checkDeclared(entity, name, endpoint);
      const scope = runtime.registry.get(endpoint.scope);
      const resource = endpointResource(entity, name, endpoint);
      const run = (body: unknown, actor: Actor) => runEndpoint(runtime, entity, name, endpoint, body, actor);
      const handle = async (request: FastifyRequest, actor: Actor) => {
        const result = await run(request.body, actor);
        return success(result.data, result.msg ?? '', result.page);
      };
      const path = `${entity.apiPath}/${name}`;
      routes.push({ path, entity: entity.name, action: name, declaration });
      const declared: RouteDeclaration = {
        summary: declaration.summary,
        input: declaration.input,
        inputFrom: 'body',
        scope: declaration.scope,
        ...(resource !== null && resource !== 'read' && resource !== SIGNED_IN ? { resource } : {}),
        success: { kind: 'envelope' },
        errors: [
          ...(endpoint.write ? ([404, 409, 422] as const) : ([404, 422] as const)),
          // Open to every signed-in user of its sides: a caller of another side is refused.
          ...(resource === SIGNED_IN && endpoint.sides ? ([403] as const) : []),
        ],
        entityRoute: { entity: entity.name, action: name },
      };
      if (resource === null) {
        app.post(path, { config: { access: 'public', declared } }, async (request) =>
          handle(request, { ...ANONYMOUS_ACTOR, locale: request.locale }),
        );
      } else if (resource === SIGNED_IN) {
        // Any signed-in user, no grant asked: the handler decides what the caller's side sees.
        app.post(path, { config: { access: 'authenticated', declared } }, async (request) => {
          const actor = await policy.identify(request);
          if (!actor) throw new AppError(401, 'auth.required');
          return handle(request, { ...actor, locale: request.locale });
        });
      } else {
        // The caller, signed in and allowed the endpoint, in the request's language.
        const caller = async (request: FastifyRequest): Promise<Actor> => {
          const actor = await policy.identify(request);
          if (!actor) throw new AppError(401, 'auth.required');
          await policy.authorize(actor, endpointOperation(runtime, entity, name, endpoint), request);
          return { ...actor, locale: request.locale };
        };
        app.post(path, { config: { access: 'entity', declared } }, async (request) =>
          handle(request, await caller(request)),
        );
        if (endpoint.sheet) {
          const exportPath = `${path}/exportExcel`;
          const sheet = endpoint.sheet;
          routes.push({ path: exportPath, entity: entity.name, action: `${name}/exportExcel` });
          const exportDeclared: RouteDeclaration = {
            summary: `${declaration.summary} — as an xlsx (requestParams: the report's input; columns: key, title, width)`,
            input: SHEET_EXPORT_INPUT,
            inputFrom: 'body',
            scope: declaration.scope,
            resource: `${scope.name}.export`,
            success: { kind: 'file', mediaType: contentTypeOf('xlsx') },
            errors: [404, 422],
          };
          app.post(
            exportPath,
            { config: { access: 'entity', declared: exportDeclared } },
            async (request, reply) => {
              const actor = await caller(request);
              const exportResource = `${scope.name}.export`;
              if (!policy.allows(actor, exportResource))
                throw new AppError(403, 'access.resourceDenied', { resource: exportResource });
              const body = parseSheetExport(
                sheet,
                request.body,
                entityTitle(runtime.messages(), actor.locale, scope.name),
              );
              const result = await run(body.requestParams, actor);
              const out = await sheetWorkbook(runtime, actor, sheet, body, result.data);
              return reply
                .header('content-type', contentTypeOf('xlsx'))
                .header('content-disposition', disposition('attachment', body.fileName))
                .header('x-content-type-options', 'nosniff')
                .header('cache-control', 'private, no-store')
                .send(out);
            },
          );
        }
      }
    }

    for (const [action, definition] of Object.entries(entity.workflow?.actions ?? {})) {
      const declared = definition.input;
      const label = english((catalogue) => actionLabel(catalogue, 'en', entity.name, action));
      route(
        action,
        {
          summary: `${title}: ${label}`,
          description: `From ${definition.from.join(', ')}${definition.to ? ` to ${definition.to}` : ''}; by ${definition.side ?? 'internal'} users${definition.needs?.length ? `; needs ${definition.needs.join(', ')}` : ''}.`,
          input: {
            ...ids,
            ids: refs(entity.name),
            versionNum: number(),
            comment: textarea({ max: MAX_COMMENT }),
            date: date(),
            ...declared,
          },
          errors: [404, 409, 422],
        },
        async (request, actor) => {
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
            } else if (declared) {
              extra[name] = value;
            } else {
              throw new AppError(400, 'validation.unknownField', { field: name.slice(0, 60) });
            }
          }
          if (declared) {
            const parsed = parseDeclared(service, declared, extra);
            await assertReadableReferences(runtime, actor, declared, parsed);
            Object.assign(input, parsed);
          }
          const versionNum = typeof body.versionNum === 'number' ? body.versionNum : null;
          const rows = await service.act(actor, action, manyIds(entity, body), input, {
            fromHttp: true,
            versionNum,
          });
          return success(rows);
        },
      );
    }
  }
  return routes;
}
