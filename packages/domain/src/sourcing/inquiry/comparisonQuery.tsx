// The comparison endpoint of an inquiry as the dialogs read it (报价对比, 发起新一轮报价): one query
// per inquiry version, and what a dialog shows while it loads or when it fails.
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import type { EntityDef } from '@srm/kernel';
import { ApiFailure, request, useApi } from '@srm/platform-ui';

/** The comparison of the inquiry `row` (each dialog declares the part of the answer it reads). */
export function useComparison<T>(
  entity: EntityDef,
  row: Readonly<Record<string, unknown>>,
): UseQueryResult<T> {
  const api = useApi();
  const id = row[entity.key];
  return useQuery({
    queryKey: ['entity', entity.name, 'comparison', id, row.versionNum],
    queryFn: async () => (await request<T>(api, `${entity.apiPath}/comparison`, { [entity.key]: id })).data,
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
