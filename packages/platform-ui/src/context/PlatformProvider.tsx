// One provider for the toolkit: the app's HTTP client, the catalogue and locale, the session
// (side, granted buttons and the company's time zone).
import { type ReactNode, useMemo } from 'react';
import type { Catalogue, EntityDef, Locale, Side } from '@srm/kernel';
// Values from the light entry: the kernel's index would bring zod and decimal.js into the login page.
import { DEFAULT_TIME_ZONE } from '@srm/kernel/texts';
import { type ApiClient, ApiContext } from './api';
import { LabelsContext } from './labels';
import { SessionContext } from './session';

export interface PlatformProviderProps {
  api: ApiClient;
  catalogue: Catalogue;
  locale: Locale;
  side?: Side;
  /** Granted resource codes of the current responsibility (none when absent). */
  granted?: ReadonlySet<string>;
  /** The company's time zone as the server announces it (the kernel's default when absent). */
  timeZone?: string;
  /** The signed-in person's full name. */
  userFullName?: string;
  /** The signed-in user's id. */
  userId?: number;
  resolveEntity?: (name: string) => Promise<EntityDef | undefined>;
  recordPath?: (entityName: string) => string | undefined;
  children: ReactNode;
}

const NOTHING: ReadonlySet<string> = new Set();

export function PlatformProvider({
  api,
  catalogue,
  locale,
  side,
  granted,
  timeZone,
  userFullName,
  userId,
  resolveEntity,
  recordPath,
  children,
}: PlatformProviderProps) {
  const labels = useMemo(() => ({ catalogue, locale }), [catalogue, locale]);
  const session = useMemo(
    () => ({
      side: side ?? 'internal',
      granted: granted ?? NOTHING,
      timeZone: timeZone ?? DEFAULT_TIME_ZONE,
      resolveEntity: resolveEntity ?? (async () => undefined),
      ...(recordPath ? { recordPath } : {}),
      ...(userFullName ? { userFullName } : {}),
      ...(userId !== undefined ? { userId } : {}),
    }),
    [side, granted, timeZone, userFullName, userId, resolveEntity, recordPath],
  );
  return (
    <ApiContext.Provider value={api}>
      <SessionContext.Provider value={session}>
        <LabelsContext.Provider value={labels}>{children}</LabelsContext.Provider>
      </SessionContext.Provider>
    </ApiContext.Provider>
  );
}
