// Who is working: the side decides which workflow actions and writes the screens offer. Until
// sign-in lands the app provides the internal side.
import { createContext, useContext } from 'react';
import type { EntityDef, Side } from '@srm/kernel';

export interface Session {
  readonly side: Side;
  /** Finds the definition of a referenced entity (for remote selects); undefined when unknown. */
  resolveEntity(name: string): Promise<EntityDef | undefined>;
}

export const SessionContext = createContext<Session>({
  side: 'internal',
  resolveEntity: async () => undefined,
});

export function useSession(): Session {
  return useContext(SessionContext);
}
