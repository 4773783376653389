// The OpenAPI document of every entity endpoint, generated from the definitions (GET /api/docs).
import {
  type Catalogue,
  type EntityDef,
  type FieldDef,
  entityTitle,
  fieldLabel,
  filterableFields,
  isClientWritable,
  refDisplayName,
  sortableFields,
} from '@srm/kernel';
import type { RouteInfo } from './routes';

type JsonSchema = Record<string, unknown>;

function fieldSchema(field: FieldDef): JsonSchema {
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return { type: 'string', maxLength: field.max };
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
      return {};
    case 'compute':
      return { readOnly: true };
  }
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
    properties: {
      status: { type: 'string', enum: ['S', 'E'] },
      msg: { type: 'string' },
      data,
      ...(paged
        ? {
            page: {
              type: 'object',
              properties: { count: { type: 'integer' }, curIndex: { type: 'integer' } },
            },
          }
        : {}),
    },
  };
}

export function openApiDocument(
  entities: readonly EntityDef[],
  routes: readonly RouteInfo[],
  catalogue: Catalogue,
  version: string,
) {
  const schemas: Record<string, JsonSchema> = {};
  const byName = new Map(entities.map((entity) => [entity.name, entity]));
  for (const entity of entities) {
    schemas[entity.name] = rowSchema(entity, catalogue, false);
    schemas[`${entity.name}Save`] = rowSchema(entity, catalogue, true);
  }
  const paths: Record<string, unknown> = {};
  for (const route of routes) {
    const entity = byName.get(route.entity)!;
    const ref = { $ref: `#/components/schemas/${entity.name}` };
    let request: JsonSchema;
    let response: JsonSchema;
    switch (route.action) {
      case 'findById':
        request = {
          type: 'object',
          properties: { [entity.key]: { type: 'integer' }, withHistory: { type: 'boolean' } },
        };
        response = envelope(ref);
        break;
      case 'listByPage': {
        const filters: Record<string, JsonSchema> = {};
        for (const name of filterableFields(entity)) filters[name] = fieldSchema(entity.fields[name]!);
        request = {
          type: 'object',
          properties: {
            pageIndex: { type: 'integer', minimum: 1, default: 1 },
            pageRows: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
            orderBy: {
              type: 'string',
              description: `"field asc|desc, …" over: ${[...sortableFields(entity)].join(', ')}`,
            },
            ...filters,
          },
        };
        response = envelope({ type: 'array', items: ref }, true);
        break;
      }
      case 'saveOrUpdate':
        request = { $ref: `#/components/schemas/${entity.name}Save` };
        response = envelope(ref);
        break;
      case 'doBatchSaveOrUpdate':
        request = { type: 'array', items: { $ref: `#/components/schemas/${entity.name}Save` } };
        response = envelope({ type: 'array', items: ref });
        break;
      case 'delete':
        request = { type: 'object', properties: { [entity.key]: { type: 'integer' } } };
        response = envelope({ type: 'null' });
        break;
      case 'doBatchDelete':
        request = { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } } };
        response = envelope({ type: 'null' });
        break;
      default: {
        const action = entity.workflow?.actions[route.action];
        request = {
          type: 'object',
          properties: {
            [entity.key]: { type: 'integer' },
            ids: { type: 'array', items: { type: 'integer' } },
            versionNum: { type: 'integer' },
            comment: { type: 'string', maxLength: 2000 },
            date: { type: 'string', format: 'date' },
          },
          description: action
            ? `from ${action.from.join(', ')}${action.to ? ` to ${action.to}` : ''}; side ${action.side ?? 'internal'}${action.needs?.length ? `; needs ${action.needs.join(', ')}` : ''}`
            : '',
        };
        response = envelope({ type: 'array', items: ref });
      }
    }
    paths[route.path] = {
      post: {
        tags: [entityTitle(catalogue, 'zh-CN', entity.name)],
        operationId: `${entity.name}_${route.action}`,
        requestBody: { content: { 'application/json': { schema: request } } },
        responses: { 200: { description: 'S', content: { 'application/json': { schema: response } } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'SRM platform API', version },
    components: {
      securitySchemes: { AuthorizationCode: { type: 'apiKey', in: 'header', name: 'AuthorizationCode' } },
      schemas,
    },
    security: [{ AuthorizationCode: [] }],
    paths,
  };
}
