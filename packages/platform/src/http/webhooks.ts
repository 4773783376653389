// Inbound webhooks: an area's endpoint for another system's calls (an e-sign provider's
// callbacks), POST /api/hook/v1/<name>. No session signs them: the handler proves the sender from
// the message itself (a signature over the raw body, which is kept as it arrived), and runs as the
// platform in one transaction. A refusal (an AppError) answers its status with nothing written.
import type { FastifyInstance } from 'fastify';
import { text } from '@srm/kernel';
import { type DataApi, platformWork } from '../entity/context';
import type { EntityRuntime } from '../entity/runtime';
import { success } from './envelope';
import { AppError } from './errors';
import { declareRoute } from './route';

export const HOOK_PREFIX = '/api/hook/v1';
/** Callbacks are small: a flow's event, not its document. */
const HOOK_BODY_LIMIT = 64 * 1024;

export interface WebhookRequest {
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The query string's values (a provider that cannot sign puts a shared token there). */
  readonly query: Readonly<Record<string, string>>;
  /** The body exactly as it arrived (UTF-8). */
  readonly body: string;
}

export interface Webhook {
  readonly summary: string;
  /**
   * Proves the sender, then does the work as the platform; throws AppError to refuse. Answers
   * nothing (the envelope goes back) or the body the provider expects (`{ code: 0 }`).
   */
  handle(data: DataApi, request: WebhookRequest): Promise<void | Readonly<Record<string, unknown>>>;
}

/** The webhooks of every area under /api/hook/v1/<name>; an unknown name answers 404. */
export async function registerWebhooks(
  app: FastifyInstance,
  options: { runtime: EntityRuntime; hooks: ReadonlyMap<string, Webhook> },
): Promise<void> {
  if (!options.hooks.size) return;
  const { runtime, hooks } = options;
  await app.register(async (scope) => {
    // The raw text, whatever the sender calls it: the signature covers these bytes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: HOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    declareRoute(scope, {
      method: 'POST',
      path: `${HOOK_PREFIX}/:name`,
      summary: "Another system's call to an area (a provider's callback), proved by its own signature",
      input: { name: text({ required: true, max: 60 }) },
      inputFrom: 'path',
      access: 'public',
      scope: 'none',
      errors: [401, 404, 409, 422],
      async handle({ request, input }) {
        const hook = hooks.get(input.name);
        if (!hook) throw new AppError(404, 'error.routeNotFound', { path: request.url });
        const body = typeof request.body === 'string' ? request.body : '';
        const raw: unknown = request.query;
        const query = Object.fromEntries(
          Object.entries(raw && typeof raw === 'object' ? raw : {}).flatMap(([name, value]) =>
            typeof value === 'string' ? [[name, value]] : [],
          ),
        );
        const answer = await platformWork(runtime, `hook:${input.name}`, (data) =>
          hook.handle(data, { headers: request.headers, query, body }),
        );
        return answer ?? success({});
      },
    });
  });
}
