// The definition of a referenced entity: one the screen already holds (itself, its lines), or
// one the app resolves (the session's resolveEntity), cached per name.
import { useQuery } from '@tanstack/react-query';
import type { EntityDef } from '@srm/kernel';
import { useSession } from '../context/session';

export function useEntityDef(name: string, known: readonly EntityDef[] = []): EntityDef | undefined {
  const session = useSession();
  const local = known.find((entity) => entity.name === name);
  const resolved = useQuery({
    queryKey: ['entityDef', name],
    queryFn: async () => (await session.resolveEntity(name)) ?? null,
    enabled: !local,
    staleTime: Infinity,
  });
  return local ?? resolved.data ?? undefined;
}

/** Entities a screen of `entity` knows without loading: itself and its line entities. */
export function knownEntities(entity: EntityDef): EntityDef[] {
  return [entity, ...Object.values(entity.lines)];
}
