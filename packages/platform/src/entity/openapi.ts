// The OpenAPI document of every route under /api/ (GET /api/docs), generated from what each
// route declares (declareRoute, the entity routes) and, for entity routes, from the definitions:
// its summary, its input (JSON body, query, path or an upload's form fields), its success answer
// and the client errors it answers, with a tag per REST service grouped by /api/{service}.
import {
  type Catalogue,
  type EntityDef,
  type EntityRegistry,
  type FieldDef,
  type InputField,
  type InputSpec,
  entityTitle,
  fieldLabel,
  filterableFields,
  isClientWritable,
  refDisplayName,
  sortableFields,
} from '@srm/kernel';
import type { FastifyInstance } from 'fastify';
import type { RouteInventoryEntry } from '../http/plugin';
import { type ClientError, type RouteDeclaration, declareRoute } from '../http/route';

type JsonSchema = Record<string, unknown>;

function fieldSchema(field: FieldDef): JsonSchema {
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return {
        type: 'string',
        maxLength: field.max,
        ...(field.min !== undefined ? { minLength: field.min } : {}),
      };
    case 'number':
    case 'quantity':
    case 'price':
    case 'amount':
      return {
        type: field.precision === 0 ? 'integer' : 'number',
        ...(field.min !== undefined ? { minimum: field.min } : {}),
        ...(field.max !== undefined ? { maximum: field.max } : {}),
        description: `precision ${field.precision}`,
      };
    case 'lookup':
      return field.multi
        ? {
            type: 'array',
            items: { type: 'string', ...(field.codes ? { enum: field.codes } : {}) },
            description: `lookup ${field.lookupType}`,
          }
        : {
            type: 'string',
            ...(field.codes ? { enum: field.codes } : {}),
            description: `lookup ${field.lookupType}`,
          };
    case 'ref':
      return { type: 'integer', minimum: 1, description: `id of ${field.entity}` };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'month':
      return { type: 'string', pattern: '^\\d{4}-\\d{2}$' };
    case 'time':
      return { type: 'string', pattern: '^\\d{2}:\\d{2}(:\\d{2})?$' };
    case 'year':
      return { type: 'integer', minimum: 1900, maximum: 2999 };
    case 'datetime':
      return { type: 'integer', description: 'milliseconds since the epoch' };
    case 'daterange':
      return { type: 'array', items: { type: 'string', format: 'date' }, minItems: 2, maxItems: 2 };
    case 'datetimerange':
      return { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 };
    case 'checkbox':
      return field.values === 'YN' ? { type: 'string', enum: ['Y', 'N'] } : { type: 'boolean' };
    case 'attachments':
      return { type: 'string', description: 'attachment ids separated by commas' };
    case 'json':
      return { description: 'any JSON value' };
    case 'compute':
      return { readOnly: true };
  }
}

function inputFieldSchema(field: InputField): JsonSchema {
  if (field.kind === 'refs')
    return {
      type: 'array',
      items: { type: 'integer', minimum: 1 },
      maxItems: field.max,
      description: `ids of ${field.entity} (or one text of ids separated by commas)`,
    };
  if (field.kind === 'rows')
    return { type: 'array', items: inputSchemaOf(field.fields), maxItems: field.max };
  return fieldSchema(field);
}

/** The JSON schema of a declared input: its fields, the required ones, nothing else. */
export function inputSchemaOf(spec: InputSpec): JsonSchema {
  const required = Object.entries(spec)
    .filter(([, field]) => field.required)
    .map(([name]) => name);
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(spec).map(([name, field]) => [name, inputFieldSchema(field)]),
    ),
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

function rowSchema(entity: EntityDef, catalogue: Catalogue, forSave: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (forSave && !isClientWritable(field) && name !== entity.key && name !== 'versionNum') continue;
    properties[name] = {
      ...fieldSchema(field),
      title: fieldLabel(catalogue, 'zh-CN', entity.name, name),
      ...(field.sealed ? { description: 'sealed: masked until opened' } : {}),
      ...(!isClientWritable(field) ? { readOnly: true } : {}),
    };
    if (!forSave && field.kind === 'ref') {
      const display = refDisplayName(name, field);
      if (display) properties[display] = { type: 'string', readOnly: true };
    }
  }
  for (const [collection, line] of Object.entries(entity.lines)) {
    properties[collection] = {
      type: 'array',
      items: { $ref: `#/components/schemas/${line.name}${forSave ? 'Save' : ''}` },
    };
  }
  return { type: 'object', properties, additionalProperties: !forSave };
}

function envelope(data: JsonSchema, paged = false): JsonSchema {
  return {
    type: 'object',
    required: ['status', 'msg', 'data'],
    properties: {
      status: { type: 'string', enum: ['S', 'E'] },
      msg: { type: 'string' },
      data,
      ...(paged ? { page: { $ref: '#/components/schemas/Page' } } : {}),
    },
  };
}

/** The request and answer of an entity route, from the definition. */
function entitySchemas(
  entity: EntityDef,
  action: string,
  declared: RouteDeclaration,
): { request: JsonSchema; answer: JsonSchema } {
  const ref = { $ref: `#/components/schemas/${entity.name}` };
  const save = { $ref: `#/components/schemas/${entity.name}Save` };
  switch (action) {
    case 'findById':
      return { request: inputSchemaOf(declared.input), answer: envelope(ref) };
    case 'listByPage': {
      const filters: Record<string, JsonSchema> = {};
      for (const name of filterableFields(entity)) filters[name] = fieldSchema(entity.fields[name]!);
      return {
        request: {
          type: 'object',
          properties: {
            pageIndex: { type: 'integer', minimum: 1, default: 1 },
            pageRows: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
            orderBy: {
              type: 'string',
              description: `"field asc|desc, …" over: ${[...sortableFields(entity)].join(', ')}`,
            },
            ...(entity.list.seek
              ? {
                  afterKey: {
                    type: 'integer',
                    minimum: 1,
                    description: 'the rows after this row (the previous page’s `nextKey`), read by key',
                  },
                }
              : {}),
            ...filters,
          },
          description:
            'Filters by field; a date, time or number field also as `<field>From` and `<field>To`.',
        },
        answer: envelope({ type: 'array', items: ref }, true),
      };
    }
    case 'saveOrUpdate':
      return { request: save, answer: envelope(ref) };
    case 'doBatchSaveOrUpdate':
      return {
        request: {
          oneOf: [
            { type: 'array', items: save },
            { type: 'object', properties: { rows: { type: 'array', items: save } }, required: ['rows'] },
          ],
        },
        answer: envelope({ type: 'array', items: ref }),
      };
    case 'delete':
    case 'doBatchDelete':
      return { request: inputSchemaOf(declared.input), answer: envelope({ type: 'null' }) };
    default:
      return {
        request: inputSchemaOf(declared.input),
        // A workflow action answers the rows it acted on; an extra endpoint whatever it computes.
        answer: entity.workflow?.actions[action] ? envelope({ type: 'array', items: ref }) : envelope({}),
      };
  }
}

const ERROR_RESPONSES: Record<ClientError, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'Bad input: the message names the field and what is wrong' },
  401: {
    name: 'Unauthorized',
    description: 'Not signed in, or the request is not signed as docs/api.md says',
  },
  403: { name: 'Forbidden', description: 'The caller lacks the grant or the resource code' },
  404: { name: 'NotFound', description: 'Unknown, or not visible to the caller' },
  409: { name: 'Conflict', description: 'A stale version, a wrong state or a duplicate' },
  413: { name: 'TooLarge', description: 'The upload or the body is too large' },
  415: { name: 'UnsupportedMediaType', description: 'Not the kind of content or file the route takes' },
  416: { name: 'RangeNotSatisfiable', description: 'The byte range lies outside the file' },
  422: { name: 'Unprocessable', description: 'A business rule refuses the request' },
};

/** The client errors of a route: what it declares, what its access implies, bad input. */
function errorsOf(entry: RouteInventoryEntry, declared: RouteDeclaration): ClientError[] {
  const statuses = new Set<ClientError>(declared.errors);
  if (entry.access !== 'public') statuses.add(401);
  if (entry.access === 'entity' || typeof entry.access === 'object') statuses.add(403);
  if (Object.keys(declared.input).length || declared.entityBody || entry.method === 'POST') statuses.add(400);
  return [...statuses].sort((a, b) => a - b);
}

/** The REST service a route belongs to: its tag (an entity, `auth`, `file`, `bpmTask`…). */
function tagOf(url: string, declared: RouteDeclaration): string {
  if (declared.entityRoute) return declared.entityRoute.entity;
  const parts = url.split('/').filter(Boolean);
  const rest = parts.slice(/^v\d+$/.test(parts[2] ?? '') ? 3 : 2);
  return (rest.length > 1 ? rest[0]! : (parts[1] ?? 'api')).replace(/Restful$/, '');
}

/** A unique, URL-safe operation id: the tag and the rest of the path. */
function operationIdOf(url: string, method: string, declared: RouteDeclaration, tag: string): string {
  if (declared.entityRoute) return `${declared.entityRoute.entity}_${declared.entityRoute.action}`;
  const parts = url.split('/').filter(Boolean);
  const rest = parts
    .slice(/^v\d+$/.test(parts[2] ?? '') ? 4 : 2)
    .map((part) => (part.startsWith(':') ? `by_${part.slice(1)}` : part));
  return [tag, ...rest, ...(method === 'GET' && rest.length === 0 ? ['get'] : [])]
    .join('_')
    .replace(/\W/g, '_');
}

const PLATFORM_TAGS: Record<string, string> = {
  health: 'Liveness and versions',
  docs: 'This document',
  auth: 'Signing in and the signed-in user: keys, captcha, sessions, passwords, menus',
  file: 'Files: uploads, downloads, temporary URLs, zips (a record’s read grant decides who reads one)',
  images: 'Images: uploads, downloads and watermark tiles',
  pageoffice: 'Previews of Office documents as PDF',
  largeFile: 'Large files in resumable chunks, downloads with byte ranges',
  exportExcel: 'Excel exports of lists',
  importExcel: 'Excel imports into entities, all rows or none',
  bpmTask: 'Approval tasks: todo, handled, decisions',
  bpmProcess: 'Approval processes: previews, history, withdrawal, monitoring',
  baseUserTableConfig: 'Each user’s column configuration of tables',
  baseSiteMessage: 'In-app messages (站内信) of the signed-in user',
};

const SCOPE_TEXT: Record<string, string> = {
  record: 'the record the input names, under that record’s scope',
  self: 'the caller’s own',
  none: 'no rows',
};

export interface ApiDocumentOptions {
  readonly registry: EntityRegistry;
  readonly messages: Catalogue;
  readonly version: string;
}

/** The document of the routes registered so far (every /api/ route of the inventory). */
export function openApiDocument(routes: readonly RouteInventoryEntry[], options: ApiDocumentOptions) {
  const { registry, messages: catalogue } = options;
  const schemas: Record<string, JsonSchema> = {
    Page: {
      type: 'object',
      properties: {
        count: { type: 'integer' },
        curIndex: { type: 'integer' },
        estimated: { type: 'boolean', description: 'the count is the planner’s estimate' },
        nextKey: {
          type: 'integer',
          description: 'a list paging by key (logs): the last row’s key of a full page, for `afterKey`',
        },
      },
    },
    Failure: {
      type: 'object',
      required: ['status', 'msg'],
      properties: {
        status: { type: 'string', enum: ['E'] },
        msg: { type: 'string', description: 'in the caller’s language (SAAF-Language: CN | EN)' },
        data: { description: 'field details of bad input, when there are any' },
      },
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Map<string, { service: string; description: string }>();
  const operationIds = new Set<string>();
  const usedErrors = new Set<ClientError>();
  const usedEntities = new Set<string>();
  for (const entry of routes) {
    const declared = entry.declared;
    if (!entry.url.startsWith('/api/') || entry.method === 'HEAD' || !declared) continue;
    const tag = tagOf(entry.url, declared);
    const service = entry.url.split('/')[2] ?? 'api';
    if (!tags.has(tag)) {
      const entity = declared.entityRoute ? registry.find(declared.entityRoute.entity) : undefined;
      tags.set(tag, {
        service,
        description: entity
          ? `${entityTitle(catalogue, 'zh-CN', entity.name)} · ${entityTitle(catalogue, 'en', entity.name)} (${entity.name})`
          : (PLATFORM_TAGS[tag] ?? tag),
      });
    }
    let operationId = operationIdOf(entry.url, entry.method, declared, tag);
    if (operationIds.has(operationId)) operationId = `${operationId}_${entry.method.toLowerCase()}`;
    operationIds.add(operationId);

    const entity = declared.entityRoute ? registry.find(declared.entityRoute.entity) : undefined;
    let request: JsonSchema;
    let answer: JsonSchema;
    if (entity) {
      usedEntities.add(entity.name);
      const derived = entitySchemas(entity, declared.entityRoute!.action, declared);
      request = derived.request;
      answer = derived.answer;
    } else {
      request = inputSchemaOf(declared.input);
      answer =
        declared.success.kind === 'envelope'
          ? envelope(declared.success.data ?? {}, declared.success.paged)
          : { type: 'string', contentMediaType: declared.success.mediaType };
    }
    const parameters: JsonSchema[] = [];
    const inputIn = declared.inputFrom;
    if (inputIn === 'query' || inputIn === 'path' || inputIn === 'bodyOrQuery') {
      for (const [name, field] of Object.entries(declared.input))
        parameters.push({
          name,
          in: inputIn === 'path' ? 'path' : 'query',
          required: inputIn === 'path' || (inputIn === 'query' && !!field.required),
          schema: inputFieldSchema(field),
        });
    }
    let requestBody: JsonSchema | undefined;
    if (inputIn === 'body' || inputIn === 'bodyOrQuery') {
      requestBody = {
        required: inputIn === 'body' && !!(request.required as string[] | undefined)?.length,
        content: { 'application/json': { schema: request } },
      };
    } else if (inputIn === 'form') {
      const form = inputSchemaOf(declared.input);
      const files = declared.files ?? [];
      requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              ...form,
              properties: {
                ...(form.properties as object),
                ...Object.fromEntries(
                  files.map((name) => [
                    name,
                    {
                      type: 'string',
                      contentMediaType: 'application/octet-stream',
                      description: 'a file part (after the fields)',
                    },
                  ]),
                ),
              },
            },
          },
        },
      };
    }
    const success = declared.success;
    const responses: Record<string, unknown> =
      success.kind === 'envelope' || entity
        ? { 200: { description: 'Done (status S)', content: { 'application/json': { schema: answer } } } }
        : {
            200: {
              description: success.mediaType === 'application/json' ? 'The document' : 'The file',
              content: {
                [success.mediaType]: {
                  schema:
                    success.mediaType === 'application/json'
                      ? { type: 'object' }
                      : { type: 'string', contentMediaType: success.mediaType },
                },
              },
            },
            ...(success.partial
              ? {
                  206: {
                    description: 'The byte range asked for (Range: bytes=a-b)',
                    content: { [success.mediaType]: { schema: { type: 'string' } } },
                  },
                }
              : {}),
          };
    for (const status of errorsOf(entry, declared)) {
      usedErrors.add(status);
      responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
    }
    const access =
      entry.access === 'public'
        ? 'anyone'
        : entry.access === 'authenticated'
          ? 'any signed-in user'
          : entry.access === 'entity'
            ? `a signed-in user granted ${declared.resource ?? 'the operation'}`
            : `a signed-in user holding ${declared.resource}`;
    const scope = SCOPE_TEXT[declared.scope] ?? `rows of ${declared.scope} within the caller’s scope`;
    const operation: Record<string, unknown> = {
      tags: [tag],
      summary: declared.summary,
      description: [declared.description, `Who: ${access}. Answers: ${scope}.`].filter(Boolean).join(' '),
      operationId,
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
      ...(entry.access === 'public' ? { security: [] } : {}),
    };
    const path = entry.url.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [entry.method.toLowerCase()]: operation };
  }
  // The row schemas of the entities answered, and of their lines.
  const wanted = [...usedEntities];
  for (let i = 0; i < wanted.length; i++) {
    const entity = registry.get(wanted[i]!);
    schemas[entity.name] = rowSchema(entity, catalogue, false);
    schemas[`${entity.name}Save`] = rowSchema(entity, catalogue, true);
    for (const line of Object.values(entity.lines)) if (!wanted.includes(line.name)) wanted.push(line.name);
  }
  const responses = Object.fromEntries(
    [...usedErrors]
      .sort((a, b) => a - b)
      .map((status) => [
        ERROR_RESPONSES[status].name,
        {
          description: ERROR_RESPONSES[status].description,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
        },
      ]),
  );
  const services = [...new Set([...tags.values()].map((tag) => tag.service))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'SRM platform API',
      version: options.version,
      description:
        'Every call answers the envelope { status, msg, data, page? } unless it answers a file. Signed-in calls carry the session code and a signature of the request (docs/api.md).',
    },
    servers: [{ url: '/', description: 'this server' }],
    tags: [...tags].map(([name, tag]) => ({ name, description: tag.description })),
    'x-tagGroups': services.map((service) => ({
      name: `/api/${service}`,
      tags: [...tags].filter(([, tag]) => tag.service === service).map(([name]) => name),
    })),
    components: {
      securitySchemes: {
        AuthorizationCode: {
          type: 'apiKey',
          in: 'header',
          name: 'AuthorizationCode',
          description:
            'The session code from sign-in; the request also carries appId, timestamp, appsign and parameterSignature (docs/api.md).',
        },
      },
      schemas,
      responses,
    },
    security: [{ AuthorizationCode: [] }],
    paths,
  };
}

/**
 * GET /api/docs: the document of every route registered, made once at the first request (when
 * every route is in).
 */
export function registerApiDocument(app: FastifyInstance, options: ApiDocumentOptions): void {
  let document: ReturnType<typeof openApiDocument> | null = null;
  declareRoute(app, {
    method: 'GET',
    path: '/api/docs',
    summary: 'This OpenAPI document: every route under /api/',
    input: {},
    access: 'public',
    scope: 'none',
    success: { kind: 'file', mediaType: 'application/json' },
    handle: async () => (document ??= openApiDocument(app.routeInventory, options)),
  });
}
