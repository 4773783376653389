// Fastify wiring shared by every service: language per request, the envelope for errors and
// unknown routes. No answer ever carries a stack trace.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Catalogue, type Locale, type MessageParams, localeOf, translate } from '@srm/kernel';
import { AppError } from './errors';
import { failure } from './envelope';
import { type DescribeIssue, refuseUnusableInput } from './input-guard';
import { type RouteDeclaration, undeclaredParts } from './route';

export interface RouteInventoryEntry {
  method: string;
  url: string;
  access: unknown;
  /** What the route declares about itself (`declareRoute`, the entity routes). */
  declared?: RouteDeclaration;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with its declaration (the route inventory test, the API document). */
    routeInventory: RouteInventoryEntry[];
  }
  interface FastifyRequest {
    locale: Locale;
    t(key: string, params?: MessageParams): string;
    /** The JSON body as received, for request signatures. */
    rawBody?: string;
  }
}

export interface HttpConventionOptions {
  messages: () => Catalogue;
  /** Answers a request no route matched (the web app's pages); false falls through to 404. */
  onUnknownRoute?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  /** Whether an entity of this name exists (a route's declared scope must name one). */
  knowsEntity?: (name: string) => boolean;
  /** Names a refused value's field with the route's labels (an entity route's). */
  describeIssue?: DescribeIssue;
}

export function installHttpConventions(app: FastifyInstance, options: HttpConventionOptions): void {
  const { messages, onUnknownRoute } = options;
  // Every API route declares who may call it, what it takes, whose rows it answers and what it
  // answers (declareRoute); an undeclared one stops the server at start.
  app.decorate('routeInventory', [] as RouteInventoryEntry[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.url.startsWith('/api/')) {
      const missing = undeclaredParts(route.config, options.knowsEntity);
      if (missing.length)
        throw new Error(
          `Route ${methods.join(',')} ${route.url} does not declare its ${missing.join(', ')} (declareRoute in packages/platform/src/http/route.ts)`,
        );
    }
    for (const method of methods)
      app.routeInventory.push({
        method,
        url: route.url,
        access: route.config?.access,
        ...(route.config?.declared ? { declared: route.config.declared as RouteDeclaration } : {}),
      });
  });
  // JSON bodies keep their raw text (request signatures are computed over it); parsing refuses
  // prototype poisoning like Fastify's own parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('t', function (this: FastifyRequest, key: string, params?: MessageParams) {
    return translate(messages(), this.locale, key, params);
  });
  app.addHook('onRequest', async (request, reply) => {
    request.locale = localeOf(headerValue(request.headers['saaf-language']));
    reply.header('x-request-id', request.id);
  });
  // A NUL character or absurd nesting anywhere in a request: refused here, for every route.
  app.addHook('preValidation', (request) => refuseUnusableInput(request, options.describeIssue));

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    answerError(error, request, reply);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (onUnknownRoute && (await onUnknownRoute(request, reply))) return reply;
    return reply
      .code(404)
      .send(failure(request.t('error.routeNotFound', { path: request.url.split('?')[0] ?? '' })));
  });
}

function answerError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  // A refused upload leaves the rest of its body unread: the connection cannot carry another request.
  if (request.isMultipart?.()) reply.header('connection', 'close');
  if (error instanceof AppError && error.render) {
    const rendered = error.render(request.locale);
    reply.code(error.httpStatus).send(failure(rendered.msg, rendered.details ?? null));
    return;
  }
  if (error instanceof AppError) {
    // The user reads a message; the operator needs the cause (a store's refusal, a mail server's).
    if (error.httpStatus >= 500) request.log.error({ err: error }, error.message);
    reply
      .code(error.httpStatus)
      .send(failure(request.t(error.messageKey, error.params), error.details ?? null));
    return;
  }
  if (request.isMultipart?.() && isBrokenForm(error)) {
    request.log.info({ detail: error.message }, 'broken multipart form');
    reply.code(400).send(failure(request.t('error.badForm')));
    return;
  }
  const known = knownFastifyError(error, request);
  if (known) {
    request.log.info({ code: error.code }, known.msg);
    reply.code(known.status).send(failure(known.msg));
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  reply.code(500).send(failure(request.t('error.internal')));
}

function knownFastifyError(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; msg: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, msg: request.t('error.badJson') };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, msg: request.t('error.payloadTooLarge') };
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, msg: request.t('error.formTooBig') };
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return { status: 400, msg: request.t('error.badForm') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 415, msg: request.t('error.unsupportedMediaType') };
  }
  if (error.validation) {
    return { status: 400, msg: request.t('error.badRequest', { detail: error.message }) };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, msg: request.t('error.badRequest', { detail: error.message }) };
  }
  return null;
}

/**
 * The multipart parser's own errors (plain errors without a code): no or an unusable boundary,
 * a body that ends inside the form, a part header it cannot read.
 */
function isBrokenForm(error: Error): boolean {
  if ('code' in error && error.code) return false;
  return /^Multipart: |multipart data|^Boundary required|^The needle |^Malformed/.test(error.message);
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
