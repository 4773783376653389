// Lookup options: codes a definition lists are labelled from the catalogue
// (`lookup.<type>.<code>`); the others come from the lookup values of the base service, cached
// under ['lookup', type] and labelled in English when an English meaning exists.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type EntityDef, type LookupField, lookupType, lookupValues } from '@srm/kernel';
import { request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { noteWrite } from '../screens/freshness';

export const LOOKUP_QUERY_KEY = 'lookup';
export const LOOKUP_VALUES_PATH = `${lookupValues.apiPath}/listByPage`;
const LOOKUP_STALE_MS = 5 * 60 * 1000;

interface LookupValueRow {
  lookupType: string;
  lookupCode: string;
  meaning: string;
  meaningEn?: string | null;
}

export interface LookupOption {
  value: string;
  label: string;
}

export interface LookupOptions {
  options: LookupOption[];
  loading: boolean;
  label(code: string): string;
}

export function useLookupOptions(field: LookupField): LookupOptions {
  const api = useApi();
  const labels = useLabels();
  const type = field.lookupType;
  const query = useQuery({
    queryKey: [LOOKUP_QUERY_KEY, type],
    queryFn: async () => {
      const answer = await request<LookupValueRow[]>(api, LOOKUP_VALUES_PATH, {
        lookupType: type,
        enabledFlag: 'Y',
        pageRows: 500,
      });
      // The lookupType filter of the values is a text filter (contains): keep exact matches.
      return answer.data.filter((row) => row.lookupType === type);
    },
    enabled: !field.codes,
    staleTime: LOOKUP_STALE_MS,
  });
  const options: LookupOption[] = field.codes
    ? field.codes.map((code) => ({ value: code, label: labels.code(type, code) }))
    : (query.data ?? []).map((row) => ({
        value: row.lookupCode,
        label: labels.locale === 'en' && row.meaningEn ? row.meaningEn : row.meaning,
      }));
  return {
    options,
    loading: !field.codes && query.isLoading,
    label: (code) => options.find((option) => option.value === code)?.label ?? code,
  };
}

/** After a write: the entity's lists and finds, and lookups when lookups were written. */
export function invalidateAfterWrite(client: QueryClient, entity: EntityDef): Promise<void> {
  const writesLookups = entity.name === lookupType.name || entity.name === lookupValues.name;
  noteWrite();
  return Promise.all([
    client.invalidateQueries({ queryKey: ['entity', entity.name] }),
    writesLookups ? client.invalidateQueries({ queryKey: [LOOKUP_QUERY_KEY] }) : undefined,
  ]).then(() => undefined);
}
