// Renders the call an outbox row makes: the definition's version as it was effective, the
// document as it is now (a document corrected after a 400 goes out corrected, under the same
// key), its parameters with the secrets opened, the request map, the authentication and the
// interceptors. Used by the dispatcher and, with the secrets masked, by the dry run.
import { sql } from 'drizzle-orm';
import { type EntityDef, type FoundRowOf, type ReadRowOf, type RowOf } from '@srm/kernel';
import { queryRows } from '@srm/db';
import { AppError, type DataApi } from '@srm/platform';
import { type scsiDefinition } from '../definition/definition.entity';
import { scsiParameter } from '../definition/definition-lines.entity';
import { INTERCEPTORS, type InterceptorContext, type MutableWireRequest } from '../wire/interceptors';
import {
  MappingError,
  redact,
  redactHeaders,
  renderBody,
  renderTemplate,
  serializeBody,
} from '../wire/render';
import {
  BODY_FORMATS,
  HTTP_METHODS,
  MAP_SOURCES,
  type RequestMap,
  TRANSFORMS,
  type WireRequest,
  type WireResult,
} from '../wire/types';

export type Definition = FoundRowOf<typeof scsiDefinition>;

/** The environment whose base URL calls use (SRM_INTF_ENV: DEV, TEST or PROD). */
export function environment(): string {
  return (process.env.SRM_INTF_ENV ?? 'PROD').toUpperCase();
}

/** A rendered call, and what must never be shown of it. */
export interface RenderedCall {
  readonly request: WireRequest;
  /** The body before serialising, kept on the outbox row as its payload. */
  readonly payload: Record<string, unknown>;
  readonly secrets: readonly string[];
  readonly redactFields: readonly string[];
}

/** A definition's parameters by name, secrets opened, and the secrets themselves. */
export interface DefinitionParameters {
  readonly values: Readonly<Record<string, string>>;
  readonly secrets: readonly string[];
}

/** The definition's parameters by name, secrets opened (server code only). */
export async function parametersOf(data: DataApi, definitionId: number): Promise<DefinitionParameters> {
  const table = data.runtime.table(scsiParameter.name);
  // A raw read: the engine masks secrets on every read path, and the call needs them opened.
  const rows = await queryRows<{
    name: string;
    value: string | null;
    secret: string | null;
    flag: string | null;
  }>(
    data.tx,
    sql`select param_name as name, param_value as value, secret_value as secret, secret_flag as flag
          from ${table} where definition_id = ${definitionId}`,
  );
  const values: Record<string, string> = {};
  const secrets: string[] = [];
  for (const row of rows) {
    if (row.flag === 'Y') {
      const opened = row.secret ? String(data.runtime.sealer.open(row.secret)) : '';
      values[row.name] = opened;
      if (opened) secrets.push(opened);
    } else values[row.name] = row.value ?? '';
  }
  return { values, secrets };
}

/**
 * The document a call is about, in the platform's scope: with its line collections, or its header
 * alone when `reads` (the texts that will read it: map sources, path and key templates) name none
 * of them — each collection is a subquery of the read, and a call of header fields never looks at
 * one. Without `reads`, always with its lines.
 */
export async function documentOf(
  data: DataApi,
  entity: EntityDef,
  id: number,
  reads?: readonly (string | null | undefined)[],
): Promise<Readonly<Record<string, unknown>>> {
  // A mere mention of a collection's name reads the lines: never fewer than the call needs.
  if (reads && !Object.keys(entity.lines).some((name) => reads.some((text) => text?.includes(name)))) {
    // The object is the definition's, chosen at run time: its key cannot be typed here.
    const [header] = await data.list(entity, { [entity.key]: id } as never, { limit: 1 });
    if (!header) throw new AppError(404, 'entity.notFound');
    return header;
  }
  const found: Readonly<Record<string, unknown>> = await data.find(entity, id);
  return found;
}

/** What of a document a definition's call reads: its maps' sources and its path template. */
export function readsOf(definition: Definition): (string | null)[] {
  return [...definition.reqMaps.map((map) => map.sourcePath), definition.requestPath];
}

/** The document's plain values URL-encoded, for a path template (`/po/{poNumber}`). */
function urlSafe(document: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(document).map(([name, value]) => [
      name,
      typeof value === 'string' || typeof value === 'number' ? encodeURIComponent(String(value)) : value,
    ]),
  );
}

/** A stored code as one of its lookup's codes (the engine checked it on save). */
function oneOf<const C extends readonly string[]>(codes: C, value: string): C[number] {
  const found = codes.find((code) => code === value);
  if (found === undefined) throw new MappingError(`unknown code ${value}`);
  return found;
}

function baseUrlOf(definition: Definition): string {
  const configs = definition.configs;
  const chosen =
    configs.find((config) => config.envCode === environment()) ??
    (configs.length === 1 ? configs[0] : undefined);
  if (!chosen) throw new MappingError(`no base URL for environment ${environment()}`);
  return chosen.baseUrl.replace(/\/+$/, '');
}

function mapsOf(definition: Definition): RequestMap[] {
  return [...definition.reqMaps]
    .sort((a, b) => a.lineNum - b.lineNum)
    .map((map) => ({
      targetPath: map.targetPath,
      sourceType: oneOf(MAP_SOURCES, map.sourceType),
      sourcePath: map.sourcePath,
      constantValue: map.constantValue,
      transform: oneOf(TRANSFORMS, map.transform),
      transformArg: map.transformArg,
    }));
}

/** The keys a document's call gets: its idempotency key and its ordering key. */
export function keysOf(
  definition: Pick<RowOf<typeof scsiDefinition>, 'idempotencyKeyTemplate' | 'orderingKeyTemplate'>,
  document: Readonly<Record<string, unknown>>,
): { idempotencyKey: string; orderingKey: string | null } {
  return {
    idempotencyKey: renderTemplate(definition.idempotencyKeyTemplate, document),
    orderingKey: definition.orderingKeyTemplate
      ? renderTemplate(definition.orderingKeyTemplate, document)
      : null,
  };
}

/** Renders a call; throws MappingError when the document does not fit the maps. */
export async function renderCall(
  data: DataApi,
  definition: Definition,
  document: Readonly<Record<string, unknown>>,
  idempotencyKey: string,
  context: InterceptorContext,
  /** The definition's parameters when the caller holds them (an effective definition's never change). */
  known?: DefinitionParameters,
): Promise<RenderedCall> {
  const { values, secrets: stored } = known ?? (await parametersOf(data, definition.definitionId));
  const secrets = [...stored];
  const payload = renderBody(mapsOf(definition), document, {
    parameters: values,
    idempotencyKey,
    timeZone: data.runtime.timeZone,
  });
  const path = definition.requestPath ? renderTemplate(definition.requestPath, urlSafe(document)) : '';
  const headers: Record<string, string> = { 'Idempotency-Key': idempotencyKey, Accept: '*/*' };
  let body: string | null = null;
  if (definition.httpMethod !== 'GET' && definition.httpMethod !== 'DELETE') {
    const serialized = serializeBody(payload, oneOf(BODY_FORMATS, definition.bodyFormat), {
      ...(definition.rootElement ? { rootElement: definition.rootElement } : {}),
      ...(definition.xmlNamespace ? { namespace: definition.xmlNamespace } : {}),
    });
    body = serialized.text;
    headers['Content-Type'] = serialized.contentType;
    Object.assign(headers, serialized.headers);
  }
  if (definition.authType === 'BASIC') {
    const token = Buffer.from(`${values.username ?? ''}:${values.password ?? ''}`).toString('base64');
    headers.Authorization = `Basic ${token}`;
    secrets.push(token);
  } else if (definition.authType === 'BEARER') {
    headers.Authorization = `Bearer ${values.token ?? ''}`;
  }
  const request: MutableWireRequest = {
    url: baseUrlOf(definition) + path,
    method: oneOf(HTTP_METHODS, definition.httpMethod),
    headers,
    body,
    timeoutMs: definition.timeoutMs,
  };
  for (const name of [definition.paramsInterceptor, definition.headerInterceptor]) {
    if (!name) continue;
    const interceptor = INTERCEPTORS.get(name);
    if (!interceptor) throw new MappingError(`unknown interceptor ${name}`);
    const added = await interceptor.apply(request, values, context);
    if (added) secrets.push(...added);
  }
  return {
    request,
    payload,
    secrets,
    redactFields: (definition.redactFields ?? '')
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean),
  };
}

/**
 * Tells the definition's interceptors how a call went (a token the partner no longer takes is
 * forgotten, so that the retry fetches another).
 */
export function tellInterceptors(
  definition: Definition,
  values: Readonly<Record<string, string>>,
  context: InterceptorContext,
  result: WireResult,
): void {
  for (const name of [definition.paramsInterceptor, definition.headerInterceptor])
    if (name) INTERCEPTORS.get(name)?.answered?.(result, values, context);
}

/** A call as the platform log and the dry run show it: secrets and configured fields masked. */
export function shown(call: RenderedCall): {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
} {
  const { request, secrets, redactFields } = call;
  return {
    url: redact(request.url, secrets, []),
    method: request.method,
    headers: redactHeaders(request.headers, secrets),
    body: request.body === null ? null : redact(request.body, secrets, redactFields),
  };
}

export type DefinitionRow = ReadRowOf<typeof scsiDefinition>;
