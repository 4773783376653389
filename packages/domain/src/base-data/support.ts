// Helpers shared by several objects of the area: the trees' parent check (organisations,
// categories, districts: a row may not be moved under itself or one of its descendants), and the
// demo data's lookups and organisation keys.
import type { Row, SeedContext } from '@srm/platform';

/**
 * Walks up a tree from `parentId` with `read` (a read within the caller's scope): `cycle` when
 * `id` is among the ancestors, and the direct parent row (null when it cannot be read).
 */
export async function treeParent<R>(
  id: number | null | undefined,
  parentId: number,
  read: (id: number) => Promise<R | undefined>,
  parentOf: (row: R) => number | null,
): Promise<{ parent: R | null; cycle: boolean }> {
  let parent: R | null = null;
  let current: number | null = parentId;
  for (let depth = 0; current !== null && depth < 50; depth++) {
    if (id !== null && id !== undefined && current === id) return { parent, cycle: true };
    const row = await read(current);
    if (!row) break;
    if (depth === 0) parent = row;
    current = parentOf(row);
  }
  return { parent, cycle: false };
}

/** A lookup type with its values (seqNum in steps of 10), merged by code on a second run. */
export async function putLookupType(
  ctx: SeedContext,
  lookupType: string,
  meaning: string,
  meaningEn: string,
  values: readonly Row[],
): Promise<void> {
  await ctx.put(
    'baseLookupType',
    { lookupType },
    {
      lookupType,
      meaning,
      meaningEn,
      values: values.map((value, index) => ({ seqNum: (index + 1) * 10, ...value })),
    },
    { values: ['lookupCode'] },
  );
}

/** The key of a demo organisation by its code. */
export const orgIdOf = (ctx: SeedContext, orgCode: string) => ctx.idOf('srmBaseOrg', { orgCode });
