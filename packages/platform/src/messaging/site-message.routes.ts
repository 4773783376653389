// The in-app message endpoints (/api/message): my messages, the unread count for the bell, and
// marking read. Every call needs a signed-in user and touches only that user's messages.
//   POST /api/message/v1/baseSiteMessageRestful/findMyMessages { pageIndex, pageRows, readFlag?, title? }
//   POST /api/message/v1/baseSiteMessageRestful/countUnread    → { count }
//   POST /api/message/v1/baseSiteMessageRestful/doRead         { messageIds: [1, 2] | "1,2" } → { count }
//   POST /api/message/v1/baseSiteMessageRestful/doReadAll      → { count }
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_SIZE, hasNul } from '@srm/kernel';
import type { Actor } from '../access/actor';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import type { SiteMessages } from './site-messages';

export const SITE_MESSAGE_PATH = '/api/message/v1/baseSiteMessageRestful';
const MAX_PAGE_ROWS = 500;
const MAX_IDS = 1000;

type Body = Record<string, unknown>;

function asBody(value: unknown): Body {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new AppError(400, 'validation.object');
  return value as Body;
}

function bad(field: string): AppError {
  return new AppError(400, 'message.badInput', { field });
}

function messageIds(body: Body): number[] {
  const raw = body.messageIds;
  const list =
    typeof raw === 'string'
      ? raw.trim()
        ? raw.split(',')
        : []
      : Array.isArray(raw)
        ? (raw as unknown[])
        : null;
  if (!list || !list.length || list.length > MAX_IDS) throw bad('messageIds');
  return list.map((value) => {
    const id = typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) throw bad('messageIds');
    return id;
  });
}

export function registerSiteMessageRoutes(
  app: FastifyInstance,
  options: { messages: SiteMessages; actorOf: (request: FastifyRequest) => Promise<Actor> },
): void {
  const { messages, actorOf } = options;
  const post = (name: string, handler: (actor: Actor, body: Body) => Promise<unknown>) => {
    app.post(`${SITE_MESSAGE_PATH}/${name}`, { config: { access: 'authenticated' } }, async (request) =>
      handler(await actorOf(request), asBody(request.body)),
    );
  };

  post('findMyMessages', async (actor, body) => {
    const pageIndex = body.pageIndex === undefined ? 1 : Number(body.pageIndex);
    const pageRows = body.pageRows === undefined ? DEFAULT_PAGE_SIZE : Number(body.pageRows);
    if (!Number.isSafeInteger(pageIndex) || pageIndex < 1) throw bad('pageIndex');
    if (!Number.isSafeInteger(pageRows) || pageRows < 1 || pageRows > MAX_PAGE_ROWS) throw bad('pageRows');
    const readFlag = body.readFlag;
    if (
      readFlag !== undefined &&
      readFlag !== null &&
      readFlag !== '' &&
      readFlag !== 'Y' &&
      readFlag !== 'N'
    ) {
      throw bad('readFlag');
    }
    const title = body.title;
    if (
      title !== undefined &&
      title !== null &&
      (typeof title !== 'string' || title.length > 240 || hasNul(title))
    ) {
      throw bad('title');
    }
    const result = await messages.list(actor, {
      pageIndex,
      pageRows,
      readFlag: readFlag === 'Y' || readFlag === 'N' ? readFlag : undefined,
      title: typeof title === 'string' && title.trim() ? title.trim() : undefined,
    });
    return success(result.rows, '', { count: result.count, curIndex: pageIndex });
  });
  post('countUnread', async (actor) => success({ count: await messages.countUnread(actor) }));
  post('doRead', async (actor, body) => success({ count: await messages.markRead(actor, messageIds(body)) }));
  post('doReadAll', async (actor) => success({ count: await messages.markRead(actor, 'all') }));
}
