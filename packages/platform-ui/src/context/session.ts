// Who is working: the side decides which workflow actions and writes the screens offer, and the
// granted resource codes of the current responsibility decide which buttons show; the company's
// time zone (the server's) stamps what the browser names, such as export files.
import { createContext, useCallback, useContext } from 'react';
import type { EntityDef, Side } from '@srm/kernel';
import { DEFAULT_TIME_ZONE } from '@srm/kernel/texts';

export interface Session {
  readonly side: Side;
  /** Resource (button) codes the current responsibility grants, e.g. `srmBaseDistrict.save`. */
  readonly granted: ReadonlySet<string>;
  /** The company's time zone, as the server is configured (SRM_TIME_ZONE): an IANA name. */
  readonly timeZone: string;
  /** The signed-in person's full name (profile defaults of new documents). */
  readonly userFullName?: string;
  /** The signed-in user's id (the rows that are theirs to score: `writableByUserIn`). */
  readonly userId?: number;
  /** Finds the definition of a referenced entity (for remote selects); undefined when unknown. */
  resolveEntity(name: string): Promise<EntityDef | undefined>;
  /** The edit screen of an entity's documents (to open a document from a task list). */
  recordPath?(entityName: string): string | undefined;
}

export const SessionContext = createContext<Session>({
  side: 'internal',
  granted: new Set(),
  timeZone: DEFAULT_TIME_ZONE,
  resolveEntity: async () => undefined,
});

export function useSession(): Session {
  return useContext(SessionContext);
}

/** Whether a button's resource code is granted: `may('srmBaseDistrict.save')`. */
export function useGranted(): (resource: string) => boolean {
  const { granted } = useSession();
  return useCallback((resource: string) => granted.has(resource), [granted]);
}
