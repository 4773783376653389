// The in-app message endpoints (/api/message): my messages, the unread count for the bell, and
// marking read. Every call needs a signed-in user and touches only that user's messages.
//   POST /api/message/v1/baseSiteMessageRestful/findMyMessages { pageIndex, pageRows, readFlag?, title? }
//   POST /api/message/v1/baseSiteMessageRestful/countUnread    → { count }
//   POST /api/message/v1/baseSiteMessageRestful/doRead         { messageIds: [1, 2] | "1,2" } → { count }
//   POST /api/message/v1/baseSiteMessageRestful/doReadAll      → { count }
//   POST /api/message/v1/baseSiteMessageRestful/doDelete       { messageIds } → { count } (for the caller only)
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_SIZE, lookup, number, refs, text } from '@srm/kernel';
import type { Actor } from '../access/actor';
import { success } from '../http/envelope';
import { declareRoute, fieldError } from '../http/route';
import type { MessagePreferences } from './preferences';
import type { SiteMessages } from './site-messages';

export const SITE_MESSAGE_PATH = '/api/message/v1/baseSiteMessageRestful';
export const MESSAGE_RECEIVE_PATH = '/api/message/v1/baseMessageReceiveRestful';
const MAX_PAGE_ROWS = 500;
const MAX_IDS = 1000;

const count = { type: 'object', properties: { count: { type: 'integer' } } };

export function registerSiteMessageRoutes(
  app: FastifyInstance,
  options: {
    messages: SiteMessages;
    preferences: MessagePreferences;
    actorOf: (request: FastifyRequest) => Promise<Actor>;
  },
): void {
  const { messages, preferences, actorOf } = options;
  const common = {
    method: 'POST',
    access: 'authenticated',
    scope: 'self',
    invalid: fieldError('message.badInput'),
  } as const;

  declareRoute(app, {
    ...common,
    path: `${SITE_MESSAGE_PATH}/findMyMessages`,
    summary: "A page of the caller's messages, newest first",
    input: {
      pageIndex: number({ min: 1 }),
      pageRows: number({ min: 1, max: MAX_PAGE_ROWS }),
      readFlag: lookup('YES_NO', { codes: ['Y', 'N'] }),
      title: text({ max: 240 }),
    },
    success: { kind: 'envelope', data: { type: 'array', items: { type: 'object' } }, paged: true },
    handle: async ({ request, input }) => {
      const pageIndex = input.pageIndex ?? 1;
      const result = await messages.list(await actorOf(request), {
        pageIndex,
        pageRows: input.pageRows ?? DEFAULT_PAGE_SIZE,
        readFlag: input.readFlag === 'Y' || input.readFlag === 'N' ? input.readFlag : undefined,
        title: input.title ?? undefined,
      });
      return success(result.rows, '', { count: result.count, curIndex: pageIndex });
    },
  });
  declareRoute(app, {
    ...common,
    path: `${SITE_MESSAGE_PATH}/countUnread`,
    summary: "How many of the caller's messages are unread",
    input: {},
    success: { kind: 'envelope', data: count },
    handle: async ({ request }) => success({ count: await messages.countUnread(await actorOf(request)) }),
  });
  declareRoute(app, {
    ...common,
    path: `${SITE_MESSAGE_PATH}/doRead`,
    summary: "Marks some of the caller's messages read",
    input: { messageIds: refs('baseSiteMessage', { required: true, max: MAX_IDS }) },
    success: { kind: 'envelope', data: count },
    handle: async ({ request, input }) =>
      success({ count: await messages.markRead(await actorOf(request), input.messageIds) }),
  });
  declareRoute(app, {
    ...common,
    path: `${SITE_MESSAGE_PATH}/doReadAll`,
    summary: "Marks every message of the caller's read",
    input: {},
    success: { kind: 'envelope', data: count },
    handle: async ({ request }) => success({ count: await messages.markRead(await actorOf(request), 'all') }),
  });
  declareRoute(app, {
    ...common,
    path: `${SITE_MESSAGE_PATH}/doDelete`,
    summary: "Deletes some of the caller's messages, for the caller only (another's ids change nothing)",
    input: { messageIds: refs('baseSiteMessage', { required: true, max: MAX_IDS }) },
    success: { kind: 'envelope', data: count },
    handle: async ({ request, input }) =>
      success({ count: await messages.remove(await actorOf(request), input.messageIds) }),
  });

  declareRoute(app, {
    ...common,
    path: `${MESSAGE_RECEIVE_PATH}/findMine`,
    summary: "The caller's message preferences: every enabled source and whether it comes by e-mail",
    input: {},
    success: { kind: 'envelope', data: { type: 'array', items: { type: 'object' } } },
    handle: async ({ request }) => success(await preferences.mine(await actorOf(request))),
  });
  declareRoute(app, {
    ...common,
    path: `${MESSAGE_RECEIVE_PATH}/saveMine`,
    summary:
      "Switches a source's e-mail, SMS or work notice on or off for the caller (a mandatory source stays on)",
    input: {
      sourceCode: text({ required: true, max: 60 }),
      emailFlag: lookup('YES_NO', { codes: ['Y', 'N'] }),
      smsFlag: lookup('YES_NO', { codes: ['Y', 'N'] }),
      chatFlag: lookup('YES_NO', { codes: ['Y', 'N'] }),
    },
    errors: [404, 409],
    handle: async ({ request, input }) => {
      const flag = (value: string | null | undefined) =>
        value === 'N' ? 'N' : value === 'Y' ? 'Y' : undefined;
      const emailFlag = flag(input.emailFlag);
      const smsFlag = flag(input.smsFlag);
      const chatFlag = flag(input.chatFlag);
      await preferences.save(await actorOf(request), input.sourceCode, {
        ...(emailFlag ? { emailFlag } : {}),
        ...(smsFlag ? { smsFlag } : {}),
        ...(chatFlag ? { chatFlag } : {}),
      });
      return success(null);
    },
  });
}
