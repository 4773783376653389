// Districts' endpoints: the picker's finds (by country, by level under a parent) and the upload
// of a JSON file of districts as a tree, all or nothing.
import {
  type ChangesOf,
  type NewRowOf,
  type ReadRowOf,
  json,
  lookup,
  lookupValues,
  number,
  ref,
  translate,
} from '@srm/kernel';
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { district } from './district.entity';
import { MAX_DISTRICT_LEVEL, type UploadNode, flattenUpload } from './district.upload';

/** A failure while saving one entry, explained with the entry in the caller's language. */
function entryFailed(ctx: DataApi, node: UploadNode, error: AppError): AppError {
  const messages = ctx.runtime.messages();
  return new AppError(
    error.httpStatus,
    'srmBaseDistrict.upload.entryFailed',
    undefined,
    undefined,
    (locale) => ({
      msg: translate(messages, locale, 'srmBaseDistrict.upload.entryFailed', {
        entry: node.entry,
        code: node.code,
        detail: error.render
          ? error.render(locale).msg
          : translate(messages, locale, error.messageKey, error.params),
      }),
    }),
  );
}

async function storedByCode(ctx: DataApi, codes: readonly string[]) {
  const stored = new Map<string, ReadRowOf<typeof district>>();
  for (let start = 0; start < codes.length; start += 1000) {
    for (const row of await ctx.list(district, { districtCode: codes.slice(start, start + 1000) }))
      stored.set(row.districtCode, row);
  }
  return stored;
}

/**
 * Creates the new districts of the file and changes the known ones where the file differs, level
 * by level (a level's new districts in one insert, so that its children know their parents'
 * keys). Every write goes through the data API: versioned and audited under uploadJson; the
 * endpoint's transaction makes it all or nothing.
 */
async function upload(ctx: DataApi, countryCode: string, districts: unknown) {
  const country = await ctx.list(
    lookupValues,
    { lookupType: 'BASE_COUNTRY', lookupCode: countryCode, enabledFlag: 'Y' },
    { limit: 1 },
  );
  if (!country.length) throw new AppError(400, 'srmBaseDistrict.unknownCountry', { code: countryCode });
  const nodes = flattenUpload(districts);
  const stored = await storedByCode(
    ctx,
    nodes.map((node) => node.code),
  );
  const ids: number[] = [];
  let created = 0;
  let updated = 0;
  for (let level = 1; level <= MAX_DISTRICT_LEVEL; level++) {
    const fresh: { index: number; row: NewRowOf<typeof district> }[] = [];
    for (const [index, node] of nodes.entries()) {
      if (node.level !== level) continue;
      const parentDistrictId = node.parent === null ? null : ids[node.parent]!;
      const before = stored.get(node.code);
      if (!before) {
        fresh.push({
          index,
          row: {
            districtCode: node.code,
            districtName: node.name,
            countryCode,
            levelNum: node.level,
            parentDistrictId,
            // Optional properties the file leaves out take the defaults.
            ...(node.nameEn !== undefined ? { districtNameEn: node.nameEn } : {}),
            ...(node.postalCode !== undefined ? { postalCode: node.postalCode } : {}),
          },
        });
        continue;
      }
      ids[index] = before.districtId;
      // Optional properties the file leaves out keep their stored values.
      const changes: ChangesOf<typeof district> = {};
      if (before.districtName !== node.name) changes.districtName = node.name;
      if (before.countryCode !== countryCode) changes.countryCode = countryCode;
      if (before.levelNum !== node.level) changes.levelNum = node.level;
      if (before.parentDistrictId !== parentDistrictId) changes.parentDistrictId = parentDistrictId;
      if (node.nameEn !== undefined && before.districtNameEn !== node.nameEn)
        changes.districtNameEn = node.nameEn;
      if (node.postalCode !== undefined && before.postalCode !== node.postalCode)
        changes.postalCode = node.postalCode;
      if (!Object.keys(changes).length) continue;
      try {
        await ctx.patch(district, before.districtId, changes);
      } catch (error) {
        throw error instanceof AppError ? entryFailed(ctx, node, error) : error;
      }
      updated++;
    }
    if (!fresh.length) continue;
    const keys = await ctx.insert(
      district,
      fresh.map((item) => item.row),
    );
    keys.forEach((id, position) => (ids[fresh[position]!.index] = id));
    created += keys.length;
  }
  return { created, updated, unchanged: nodes.length - created - updated, total: nodes.length };
}

export const districtEndpoints = defineEndpoints(district, {
  /** `{ countryCode }` → every district of the country, provinces first. */
  findByCountry: endpoint({
    summary: 'Every district of a country, provinces first',
    input: { countryCode: lookup('BASE_COUNTRY', { required: true }) },
    scope: district,
    resource: 'read',
    async handle(ctx, { countryCode }) {
      const data = await ctx.list(
        district,
        { countryCode },
        {
          orderBy: [
            { field: 'levelNum', order: 'asc' },
            { field: 'districtCode', order: 'asc' },
          ],
        },
      );
      return { data, page: { count: data.length, curIndex: 1 } };
    },
  }),

  /** `{ countryCode?, levelNum, parentDistrictId? }` → the districts of a level (under a parent). */
  findByLevel: endpoint({
    summary: 'The districts of a level, of a country or under a parent district',
    input: {
      countryCode: lookup('BASE_COUNTRY'),
      levelNum: number({ required: true, min: 1, max: MAX_DISTRICT_LEVEL }),
      parentDistrictId: ref('srmBaseDistrict'),
    },
    scope: district,
    resource: 'read',
    async handle(ctx, { countryCode, levelNum, parentDistrictId }) {
      const data = await ctx.list(
        district,
        {
          levelNum,
          ...(countryCode ? { countryCode } : {}),
          ...(parentDistrictId != null ? { parentDistrictId } : {}),
        },
        { orderBy: [{ field: 'districtCode', order: 'asc' }] },
      );
      return { data, page: { count: data.length, curIndex: 1 } };
    },
  }),

  /**
   * `{ countryCode, districts: [{ code, name, nameEn?, postalCode?, children?: [...] }] }` →
   * counts of created, updated and unchanged districts. One transaction: all or nothing.
   */
  uploadJson: endpoint({
    summary: 'Upload a JSON tree of districts of a country (created or updated, all or nothing)',
    input: {
      countryCode: lookup('BASE_COUNTRY', { required: true }),
      // The file's tree, checked entry by entry (district.upload.ts) so that a bad entry is
      // named by its place in the file.
      districts: json(),
    },
    scope: district,
    resource: 'button',
    // Master data: only the buyer's side maintains it.
    sides: ['internal'],
    write: true,
    async handle(ctx, { countryCode, districts }) {
      return { data: await upload(ctx, countryCode, districts) };
    },
  }),
});
