// In-app messages (站内信) as the screens use them: the reader's own messages, the unread count
// for the header, marking read (docs/messages.md).
import { useQuery } from '@tanstack/react-query';
import { request, useApi } from '../context/api';

export const SITE_MESSAGE = '/api/message/v1/baseSiteMessageRestful';
/** My messages' own route: a message linking here is read there (a written message). */
export const MESSAGES_ROUTE = 'receiveMessageList';

export interface SiteMessage {
  messageId: number;
  title: string;
  content: string | null;
  source: string;
  entityName: string | null;
  documentKey: string | null;
  documentId: number | null;
  linkRoute: string | null;
  linkQuery: string | null;
  /** Files it carries (`1,2,3`), opened with it. */
  attachmentIds: string | null;
  readFlag: 'Y' | 'N';
  readDate: number | null;
  creationDate: number;
}

/** How many of my messages are unread, refreshed every minute. */
export function useUnreadCount(): number {
  const api = useApi();
  const counted = useQuery({
    queryKey: ['message', 'unread'],
    queryFn: async () =>
      (await request<{ count: number }>(api, `${SITE_MESSAGE}/countUnread`, {})).data.count,
    refetchInterval: 60_000,
  });
  return counted.data ?? 0;
}

/** My latest messages (the header's list). */
export function useRecentMessages(rows = 6) {
  const api = useApi();
  return useQuery({
    queryKey: ['message', 'list', 'recent', rows],
    queryFn: () =>
      request<SiteMessage[]>(api, `${SITE_MESSAGE}/findMyMessages`, { pageIndex: 1, pageRows: rows }),
  });
}

/** Where a message leads: a document's screen with its key, or a screen route with its query. */
export function messageTarget(
  message: SiteMessage,
  recordPath: ((entityName: string) => string | undefined) | undefined,
): { path: string; query: Record<string, string | number> } | null {
  if (message.entityName && message.documentId !== null) {
    const path = recordPath?.(message.entityName);
    return path ? { path, query: { [message.documentKey ?? 'id']: message.documentId } } : null;
  }
  if (message.linkRoute) {
    const query: Record<string, string | number> = Object.fromEntries(
      new URLSearchParams(message.linkQuery ?? ''),
    );
    // A message about nothing but itself opens in my messages, read there whole.
    if (message.linkRoute === MESSAGES_ROUTE) query.messageId = message.messageId;
    return { path: message.linkRoute, query };
  }
  return null;
}
