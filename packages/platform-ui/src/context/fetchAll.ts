// Every row of a list endpoint, page by page at the largest page size (for trees and pickers
// that need the whole set, which stays small: menus, resources).
import { MAX_PAGE_ROWS } from '@srm/kernel';
import { type ApiClient, request } from './api';

export async function fetchAll<T>(
  api: ApiClient,
  path: string,
  body: Readonly<Record<string, unknown>> = {},
  limit = 20,
): Promise<T[]> {
  const rows: T[] = [];
  for (let pageIndex = 1; pageIndex <= limit; pageIndex++) {
    const answer = await request<T[]>(api, path, { ...body, pageIndex, pageRows: MAX_PAGE_ROWS });
    rows.push(...answer.data);
    const count = answer.page?.count ?? rows.length;
    if (answer.data.length < MAX_PAGE_ROWS || rows.length >= count) break;
  }
  return rows;
}
