// The export endpoints: /api/export/v1/exportExcelRestful/{exportExcel, customExportExcel} stream
// an xlsx of the caller's rows of an entity list; /api/report/v1/baseReportBackExportRestful/
// doBackExport records a background export. Each needs `<entity>.export` besides reading the
// list. Background exports are listed per user: only administrators (internal users whose scope
// covers every organisation) see other users' exports.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BACKGROUND_SHEET_MAX_ROW,
  type Locale,
  SHEET_MAX_ROW,
  checkValue,
  json,
  number,
  ref,
  text,
} from '@srm/kernel';
import { type AccessPolicy, type Actor } from '../access/actor';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import { declareRoute } from '../http/route';
import type { EntityRuntime } from '../entity/runtime';
import { contentTypeOf } from '../files/content-type';
import { disposition } from '../files/routes';
import { backExport } from './back-export.entity';
import { type BackExports, exportRequester } from './back-export';
import { prepareExport, writeExport } from './export';
import { type ExportRequest, parseExportRequest } from './request';

export const EXPORT_PREFIX = '/api/export/v1/exportExcelRestful';

export interface ExportRouteOptions {
  readonly runtime: EntityRuntime;
  readonly policy: AccessPolicy;
  readonly backExports: BackExports;
  /** Rows read per page (the spec's 20000 by default). */
  readonly pageRows?: number;
  /** The caller of a signed-in request, in the request's language. */
  actorOf(request: FastifyRequest): Promise<Actor>;
}

/** The caller may read the list and holds `<entity>.export`. */
export async function assertMayExport(
  policy: AccessPolicy,
  actor: Actor,
  request: FastifyRequest,
  exportRequest: ExportRequest,
): Promise<void> {
  await policy.authorize(actor, { entity: exportRequest.entity, action: 'listByPage' }, request);
  const resource = `${exportRequest.entity.name}.export`;
  if (!policy.allows(actor, resource)) throw new AppError(403, 'access.resourceDenied', { resource });
}

/** An administrator of exports: internal, with every organisation in scope. */
export function seesAllExports(actor: Actor): boolean {
  return actor.system === true || (actor.side === 'internal' && actor.orgIds === 'all');
}

/** The body of an export: which list, which columns, the file's name and sheet size. */
const exportFields = {
  requestUrl: text({ required: true, max: 2000 }),
  requestParams: json(),
  columns: json(),
  fileName: text({ max: 1000 }),
  sheetMaxRow: number({ min: 1 }),
};
const xlsx = { kind: 'file', mediaType: contentTypeOf('xlsx') } as const;

export function registerExportRoutes(app: FastifyInstance, options: ExportRouteOptions): void {
  const { runtime, policy } = options;
  const parseOptions = (locale: Locale, sheetLimit: number, custom = false) => ({
    registry: runtime.registry,
    messages: runtime.messages(),
    locale,
    sheetLimit,
    custom,
  });
  // A field of the wrong kind is reported as the export's own check reports it.
  const exportIssue =
    (custom: boolean) => (_issue: unknown, values: Record<string, unknown>, request: FastifyRequest) => {
      try {
        parseExportRequest(values, parseOptions(request.locale, SHEET_MAX_ROW, custom));
      } catch (error) {
        if (error instanceof AppError) return error;
      }
      return undefined;
    };

  for (const custom of [false, true])
    declareRoute(app, {
      method: 'POST',
      path: `${EXPORT_PREFIX}/${custom ? 'customExportExcel' : 'exportExcel'}`,
      summary: custom
        ? "An xlsx of the caller's rows of a list, with a title line and a sheet name (customParams)"
        : "An xlsx of the caller's rows of a list (its listByPage URL and search), streamed",
      input: custom ? { ...exportFields, customParams: json() } : exportFields,
      access: 'authenticated',
      scope: 'record',
      success: xlsx,
      errors: [403, 404],
      invalid: exportIssue(custom),
      handle: async ({ request, reply }) => {
        const actor = await options.actorOf(request);
        const parsed = parseExportRequest(request.body, parseOptions(actor.locale, SHEET_MAX_ROW, custom));
        await assertMayExport(policy, actor, request, parsed);
        const prepared = await prepareExport(runtime, actor, parsed, options.pageRows);
        const out = new PassThrough();
        writeExport(runtime, actor, prepared, out).catch((error: unknown) => {
          request.log.error({ err: error }, 'export failed while streaming');
          out.destroy(error as Error);
        });
        reply
          .header('content-type', contentTypeOf('xlsx'))
          .header('content-disposition', disposition('attachment', parsed.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store');
        return reply.send(out);
      },
    });

  declareRoute(app, {
    method: 'POST',
    path: `${backExport.apiPath}/doBackExport`,
    summary: 'Records a background export of a list (paramsValue: an export body, as JSON text or object)',
    input: { paramsValue: json({ required: true }), fileName: text({ max: 1000 }) },
    access: 'authenticated',
    scope: 'record',
    success: { kind: 'envelope', data: { $ref: `#/components/schemas/${backExport.name}` } },
    errors: [403, 404],
    invalid: (issue) =>
      issue.path[0] === 'paramsValue' ? new AppError(400, 'excel.paramsValueRequired') : undefined,
    handle: async ({ request, input }) => {
      const actor = await options.actorOf(request);
      let params: unknown = input.paramsValue;
      if (typeof params === 'string') {
        if (!params.trim()) params = undefined;
        else {
          try {
            params = JSON.parse(params) as unknown;
          } catch {
            throw new AppError(400, 'excel.badRequestParams');
          }
        }
      }
      if (params === undefined || params === null) throw new AppError(400, 'excel.paramsValueRequired');
      if (typeof params !== 'object' || Array.isArray(params))
        throw new AppError(400, 'excel.badRequestParams');
      const parsed = parseExportRequest(
        {
          ...(params as Record<string, unknown>),
          fileName:
            (request.body as Record<string, unknown>).fileName ??
            (params as Record<string, unknown>).fileName,
        },
        parseOptions(actor.locale, BACKGROUND_SHEET_MAX_ROW),
      );
      await assertMayExport(policy, actor, request, parsed);
      const row = await options.backExports.submit(actor, parsed);
      return success(row, String(row.exportNumber));
    },
  });
}

/**
 * Background exports are each user's own: on listByPage and findById of the export entity, a
 * caller who is not an administrator of exports sees only the exports they asked for. Installed
 * before the entity routes, as a hook that narrows the request (the engine's supplier scope
 * still applies underneath). An administrator sees every row, but an export's file is read by
 * its requester only (the read rule BackExports gives Attachments), on every file path.
 */
export function installBackExportScope(
  app: FastifyInstance,
  options: { runtime: EntityRuntime; policy: AccessPolicy },
): void {
  const list = `${backExport.apiPath}/listByPage`;
  const find = `${backExport.apiPath}/findById`;
  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url;
    if (url !== list && url !== find) return;
    const actor = await options.policy.identify(request);
    if (!actor || seesAllExports(actor)) return;
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) return;
    const input = { ...((body ?? {}) as Record<string, unknown>) };
    if (url === list) {
      input.createdBy = actor.userId ?? -1;
      request.body = input;
      return;
    }
    // The id as the route reads it (an object with its own toString is no id: the route refuses it).
    const checked = checkValue(ref(backExport.name), input[backExport.key] ?? input.id);
    const id = checked.ok ? checked.value : null;
    if (typeof id !== 'number') return;
    const requester = await exportRequester(options.runtime, id);
    if (requester !== null && requester !== actor.userId) throw new AppError(404, 'entity.notFound');
  });
}
