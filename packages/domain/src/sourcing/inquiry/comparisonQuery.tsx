// The comparison endpoints of an inquiry as the dialogs read them (报价对比, 发起新一轮报价): a page
// of materials with their offers, the totals over every material apart (each one query per
// inquiry version), and what a dialog shows while it loads or when it fails.
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import type { EntityDef } from '@srm/kernel';
import { ApiFailure, type ApiClient, request, useApi } from '@srm/platform-ui';

type Row = Readonly<Record<string, unknown>>;

/**
 * Materials per page of the comparison (the endpoint's most is 100): about two screens of rows; with
 * 100 suppliers a page is 2,500 offers, answered in about a fifth of a second.
 */
export const COMPARISON_PAGE_ROWS = 25;

const keyOf = (entity: EntityDef, row: Row) => [
  'entity',
  entity.name,
  'comparison',
  row[entity.key],
  row.versionNum,
];

/** The materials of a page in another order than their lines: the order's name and their ids. */
export interface OrderedPage {
  readonly order: string;
  readonly ids: readonly number[];
}

/**
 * The query of one page of the comparison of the inquiry `row` (1-based), of the materials a
 * keyword finds when there is one; with `ordered`, the page's materials named in their order.
 */
export function comparisonPage<T>(
  api: ApiClient,
  entity: EntityDef,
  row: Row,
  pageIndex: number,
  keyword = '',
  ordered?: OrderedPage,
) {
  return {
    queryKey: [
      ...keyOf(entity, row),
      'page',
      pageIndex,
      COMPARISON_PAGE_ROWS,
      ...(keyword ? [keyword] : []),
      ...(ordered ? [ordered.order] : []),
    ],
    queryFn: async () =>
      (
        await request<T>(api, `${entity.apiPath}/comparison`, {
          [entity.key]: row[entity.key],
          ...(ordered
            ? { inquiryItemIds: ordered.ids }
            : { pageIndex, pageRows: COMPARISON_PAGE_ROWS, ...(keyword ? { keyword } : {}) }),
        })
      ).data,
    staleTime: Infinity,
  };
}

/** The first page of the comparison (who answered, while sealed). */
export function useComparisonPage<T>(entity: EntityDef, row: Row): UseQueryResult<T> {
  const api = useApi();
  return useQuery(comparisonPage<T>(api, entity, row, 1));
}

/** The totals of the comparison over every material (each dialog declares what it reads). */
export function useComparisonTotals<T>(entity: EntityDef, row: Row): UseQueryResult<T> {
  const api = useApi();
  return useQuery({
    queryKey: [...keyOf(entity, row), 'totals'],
    queryFn: async () =>
      (await request<T>(api, `${entity.apiPath}/comparisonTotals`, { [entity.key]: row[entity.key] })).data,
    staleTime: Infinity,
  });
}

/** A skeleton while the comparison loads, the server's message when it fails. */
export function ComparisonProgress({ query }: { query: UseQueryResult<unknown> }) {
  if (query.isPending) return <Skeleton active />;
  if (!query.isError) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={query.error instanceof ApiFailure ? query.error.message : String(query.error)}
    />
  );
}
