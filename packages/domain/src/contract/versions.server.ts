// The server side of versioned library documents (clauses, templates): the number an alteration
// takes, and the previous version superseded when a new one is approved.
import { AppError, type DataApi } from '@srm/platform';
import { OPEN_VERSION_STATES } from './versions';
import type { terms } from './terms/terms.entity';
import type { contractTemplate } from './template/template.entity';

interface Version {
  readonly status: string;
  readonly version: number | null;
}

/**
 * The version an alteration of `current` opens: refused (409) unless `current` is in effect and
 * no other version of its code is still open (a draft, under approval or rejected).
 */
export function nextVersion(current: Version, versions: readonly Version[]): number {
  if (current.status !== 'EFFECTIVE') throw new AppError(409, 'srmCctTerms.alterEffectiveOnly');
  const open = versions.find((version) => OPEN_VERSION_STATES.includes(version.status));
  if (open) throw new AppError(409, 'srmCctTerms.alterationOpen', { version: open.version ?? 1 });
  return Math.max(...versions.map((version) => version.version ?? 1)) + 1;
}

/** On a new version's approval: the version it alters, if still in effect, is superseded. */
export async function supersede(
  ctx: DataApi,
  entity: typeof terms | typeof contractTemplate,
  previousId: number | null,
): Promise<void> {
  if (!previousId) return;
  const system = ctx.system('a new version supersedes the one it alters');
  const [old] = await system.list(entity, { [entity.key]: previousId });
  if (old?.status === 'EFFECTIVE') await system.act(entity, 'doSupersede', [previousId]);
}
