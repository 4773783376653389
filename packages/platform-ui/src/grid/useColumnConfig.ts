// The user's saved column configuration of one table, read and written through the table
// configuration endpoints; the screen's defaults until (or unless) one is saved.
import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TABLE_CONFIG_PATHS } from '@srm/kernel';
import { request, useApi } from '../context/api';
import { type SavedColumn, type TableColumnConfig, mergeColumnConfig } from './columnConfig';

export const TABLE_CONFIG_QUERY_KEY = 'tableConfig';

export interface ColumnConfigState {
  /** The configuration in force: the saved one merged over the defaults. */
  readonly columns: SavedColumn[];
  /** A saved configuration exists. */
  readonly saved: boolean;
  readonly loading: boolean;
  save(columns: readonly SavedColumn[]): Promise<void>;
  /** Deletes the saved configuration: back to the defaults. */
  reset(): Promise<void>;
  readonly saving: boolean;
}

export function useColumnConfig(
  tableName: string,
  defaults: readonly SavedColumn[],
  enabled = true,
): ColumnConfigState {
  const api = useApi();
  const client = useQueryClient();
  const key = [TABLE_CONFIG_QUERY_KEY, tableName];
  const query = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await request<TableColumnConfig | null>(api, TABLE_CONFIG_PATHS.get, { tableName })).data ?? null,
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  const save = useMutation({
    mutationFn: async (columns: readonly SavedColumn[]) =>
      (await request<TableColumnConfig>(api, TABLE_CONFIG_PATHS.saveOrUpdate, { tableName, columns })).data,
    onSuccess: (data) => client.setQueryData(key, data),
  });
  const reset = useMutation({
    mutationFn: async () => {
      await request(api, TABLE_CONFIG_PATHS.delete, { tableName });
    },
    onSuccess: () => client.setQueryData(key, null),
  });
  const defaultsKey = JSON.stringify(defaults);
  const savedColumns = query.data?.columns;
  const columns = useMemo(
    () => mergeColumnConfig(JSON.parse(defaultsKey) as SavedColumn[], savedColumns),
    [defaultsKey, savedColumns],
  );
  return {
    columns,
    saved: !!query.data,
    loading: enabled && query.isLoading,
    save: async (next) => {
      await save.mutateAsync(next);
    },
    reset: async () => {
      await reset.mutateAsync();
    },
    saving: save.isPending || reset.isPending,
  };
}
