// One provider for the toolkit: the app's HTTP client, the catalogue and locale, the session.
import { type ReactNode, useMemo } from 'react';
import type { Catalogue, EntityDef, Locale, Side } from '@srm/kernel';
import { type ApiClient, ApiContext } from './api';
import { LabelsContext } from './labels';
import { SessionContext } from './session';

export interface PlatformProviderProps {
  api: ApiClient;
  catalogue: Catalogue;
  locale: Locale;
  side?: Side;
  resolveEntity?: (name: string) => Promise<EntityDef | undefined>;
  children: ReactNode;
}

export function PlatformProvider({
  api,
  catalogue,
  locale,
  side,
  resolveEntity,
  children,
}: PlatformProviderProps) {
  const labels = useMemo(() => ({ catalogue, locale }), [catalogue, locale]);
  const session = useMemo(
    () => ({ side: side ?? 'internal', resolveEntity: resolveEntity ?? (async () => undefined) }),
    [side, resolveEntity],
  );
  return (
    <ApiContext.Provider value={api}>
      <SessionContext.Provider value={session}>
        <LabelsContext.Provider value={labels}>{children}</LabelsContext.Provider>
      </SessionContext.Provider>
    </ApiContext.Provider>
  );
}
