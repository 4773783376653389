// Routes that declare themselves: every route under /api/ says what it takes (an input of the
// kernel's field kinds: a JSON body, the query of a GET, an upload's form fields), who may call
// it, whose rows it answers (the entity whose scope applies, the caller's own, or none), what it
// answers and which client errors. The input is parsed before the handler runs (400 with each
// field's message); the declaration is what the start check requires and the API document shows.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type InputOf, type InputSpec, type SaveIssue, parseInput } from '@srm/kernel';
import type { RouteAccess } from '../access/actor';
import { AppError } from './errors';

/**
 * Whose rows or values a route answers, and so which scope applies:
 * - an entity name: that entity's rows, under the caller's scope of it;
 * - `record`: the record the input names (a document, the record a file belongs to, the list an
 *   export reads), under that record's entity scope, checked by the service behind the route;
 * - `self`: the caller's own (session, profile, messages, tasks, settings, uploads);
 * - `directory`: the ids and names of the company's active internal users, which every internal
 *   user may read (the pickers of inspectors, evaluators and an approval's hand-over; ADR 0024);
 * - `none`: no rows (health, the public key, a captcha, the API document).
 */
export type RouteScope = string;
export const OWN_SCOPES = ['record', 'self', 'directory', 'none'] as const;

/** Client errors a route may answer (401 and 403 follow from its access). */
export type ClientError = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 422;

/** Where a route reads its input. */
export type InputSource =
  /** the JSON body */
  | 'body'
  /** the query string (a GET) */
  | 'query'
  /** the JSON body, or the query string for what the body leaves out (`download?id=`) */
  | 'bodyOrQuery'
  /** the form fields of a multipart upload, parsed by the handler once it has read them */
  | 'form'
  /** the path's parameters (`/view/:token`) */
  | 'path';

/** What a successful call answers. */
export type RouteSuccess =
  /** the envelope; `data` is described by a JSON schema when given */
  | { readonly kind: 'envelope'; readonly data?: Record<string, unknown>; readonly paged?: boolean }
  /** a file of this media type (`*` for whatever type the stored file has) */
  | { readonly kind: 'file'; readonly mediaType: string; readonly partial?: boolean };

/** What a route declares about itself: kept in its `config.declared`. */
export interface RouteDeclaration {
  readonly summary: string;
  readonly description?: string;
  readonly input: InputSpec;
  readonly inputFrom: InputSource;
  /** An upload's file parts, by field name. */
  readonly files?: readonly string[];
  /** Entity routes: the body is the entity's list request, save body or list of save bodies. */
  readonly entityBody?: { readonly entity: string; readonly as: 'list' | 'save' | 'batchSave' };
  /** Entity routes: the entity and the operation (the API document derives its schemas from them). */
  readonly entityRoute?: { readonly entity: string; readonly action: string };
  readonly scope: RouteScope;
  /** The resource code the call needs (besides `access`), for the document. */
  readonly resource?: string;
  readonly success: RouteSuccess;
  readonly errors: readonly ClientError[];
}

export interface RouteCall<I extends InputSpec> {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** The parsed input (routes reading an upload's form fields parse them with `parse`). */
  readonly input: InputOf<I>;
  /** Parses values against the declared input, as the route reports bad input. */
  parse(values: unknown): InputOf<I>;
}

export interface RouteSpec<I extends InputSpec> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly input: I;
  /** Where the input is read; the JSON body of a POST, the query of a GET by default. */
  readonly inputFrom?: InputSource;
  readonly files?: readonly string[];
  readonly access: RouteAccess;
  readonly scope: RouteScope;
  /** The envelope by default. */
  readonly success?: RouteSuccess;
  /** The client errors it answers besides bad input (400) and those its access implies. */
  readonly errors?: readonly ClientError[];
  /**
   * How this route has always reported a bad field (`bpm.badInput`…), given the first issue and
   * the values sent; the kernel's message naming the field otherwise.
   */
  readonly invalid?: (
    issue: SaveIssue,
    values: Record<string, unknown>,
    request: FastifyRequest,
  ) => AppError | undefined;
  handle(call: RouteCall<I>): Promise<unknown>;
}

/** Issues of a declared input as one 400: the first issue, or the first and how many there are. */
export function inputError(request: FastifyRequest, issues: readonly SaveIssue[]): AppError {
  const describe = (issue: SaveIssue) => {
    const text = request.t(issue.message, issue.params);
    const [head] = issue.path;
    if (issue.message === 'validation.unknownField' || head === undefined) return text;
    return request.t('validation.issue', { label: issue.path.join('.'), message: text });
  };
  const details = issues.slice(0, 200).map((issue) => ({
    path: issue.path.join('.'),
    message: describe(issue),
    reason: request.t(issue.message, issue.params),
  }));
  const msg =
    issues.length > 1
      ? request.t('entity.validationFailed', { first: details[0]!.message, count: issues.length })
      : details[0]!.message;
  const first = issues[0]!;
  return new AppError(400, first.message, first.params, details, () => ({ msg, details }));
}

function valuesOf(request: FastifyRequest, from: InputSource): unknown {
  switch (from) {
    case 'body':
      return request.body;
    case 'query':
      return request.query;
    case 'path':
      return request.params;
    case 'bodyOrQuery': {
      // `POST …?id=` with an empty body (which a browser sends as an empty text/plain).
      const body = request.body === '' ? undefined : request.body;
      if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body)))
        return body;
      return { ...(request.query as object), ...((body ?? {}) as object) };
    }
    case 'form':
      return {};
  }
}

/** Registers a route with its declaration; its input is parsed before `handle` runs. */
export function declareRoute<const I extends InputSpec>(app: FastifyInstance, spec: RouteSpec<I>): void {
  const inputFrom = spec.inputFrom ?? (spec.method === 'GET' ? 'query' : 'body');
  const declared: RouteDeclaration = {
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    input: spec.input,
    inputFrom,
    ...(spec.files ? { files: spec.files } : {}),
    scope: spec.scope,
    ...(typeof spec.access === 'object' ? { resource: spec.access.resource } : {}),
    success: spec.success ?? { kind: 'envelope' },
    errors: spec.errors ?? [],
  };
  const parse = (request: FastifyRequest, values: unknown): InputOf<I> => {
    const parsed = parseInput(spec.input, values);
    if (parsed.ok) return parsed.value as InputOf<I>;
    const sent = values && typeof values === 'object' && !Array.isArray(values) ? values : {};
    const mapped = spec.invalid?.(parsed.issues[0]!, sent as Record<string, unknown>, request);
    throw mapped ?? inputError(request, parsed.issues);
  };
  app.route({
    method: spec.method,
    url: spec.path,
    config: { access: spec.access, declared },
    handler: async (request, reply) =>
      spec.handle({
        request,
        reply,
        input: inputFrom === 'form' ? ({} as InputOf<I>) : parse(request, valuesOf(request, inputFrom)),
        parse: (values) => parse(request, values),
      }),
  });
}

/**
 * Why a route under /api/ may not be registered: it declares no access, or not what it takes,
 * whose rows it answers and what it answers. Null when it is fully declared.
 */
export function undeclaredParts(
  config: { access?: unknown; declared?: unknown } | undefined,
  knowsEntity?: (name: string) => boolean,
): string[] {
  const missing: string[] = [];
  if (!config?.access) missing.push('access');
  const declared = config?.declared as Partial<RouteDeclaration> | undefined;
  if (!declared || typeof declared !== 'object') return [...missing, 'summary', 'input', 'scope'];
  if (typeof declared.summary !== 'string' || !declared.summary.trim()) missing.push('summary');
  if (!declared.input || typeof declared.input !== 'object') missing.push('input');
  const scope = declared.scope;
  if (
    typeof scope !== 'string' ||
    !scope ||
    (!(OWN_SCOPES as readonly string[]).includes(scope) && knowsEntity && !knowsEntity(scope))
  )
    missing.push('scope');
  if (!declared.success || !Array.isArray(declared.errors)) missing.push('answers');
  return missing;
}

/**
 * Reports a bad field as `key` with `{ field }` (`参数 {field} 无效`), as routes that had their
 * own parsers always did; unknown fields and a body that is no object keep the kernel's message.
 */
export function fieldError(key: string, status: 400 = 400) {
  return (issue: SaveIssue): AppError | undefined =>
    issue.path.length && issue.message !== 'validation.unknownField'
      ? new AppError(status, key, { field: String(issue.path[0]) })
      : undefined;
}
