// Districts on the server: the picker's finds (by country, by level under a parent), the upload
// of a JSON file of districts as a tree (all or nothing), and keeping the tree consistent.
import { PATTERNS, type RuleIssue, translate } from '@srm/kernel';
import { AppError, type HookContext, type Row, legacyActions } from '@srm/platform';
import { district } from './district.entity';
import {
  type Body,
  badInput,
  bodyOf,
  checkTreeParent,
  findBy,
  listAll,
  optionalInteger,
  optionalText,
  requiredInteger,
  requiredText,
} from './support';

/** Most districts one upload may carry (all of China's counties are about 3,200). */
export const MAX_UPLOAD_DISTRICTS = 20000;
const MAX_LEVEL = 5;
const NODE_FIELDS = new Set(['code', 'name', 'nameEn', 'postalCode', 'children']);

interface UploadNode {
  /** Where the entry is in the file, e.g. `districts[3].children[0]`. */
  readonly entry: string;
  readonly code: string;
  readonly name: string;
  readonly nameEn: string | null | undefined;
  readonly postalCode: string | null | undefined;
  readonly level: number;
  /** Index of the parent in the flattened list. */
  readonly parent: number | null;
}

function optionalEntryText(
  node: Body,
  field: string,
  max: number,
  entry: string,
  code: string,
): string | null | undefined {
  if (!(field in node)) return undefined;
  const value = node[field];
  if (value === null || value === '') return null;
  if (typeof value !== 'string' || value.includes('\u0000')) {
    throw badInput('srmBaseDistrict.upload.notText', { entry, code, field });
  }
  const text = value.trim();
  if ([...text].length > max) throw badInput('srmBaseDistrict.upload.tooLong', { entry, code, field, max });
  return text || null;
}

/**
 * The entries of the uploaded tree in parent-first order, each checked; the first bad entry is a
 * 400 naming it by its place in the file and its code.
 */
export function flattenUpload(districts: unknown): UploadNode[] {
  if (!Array.isArray(districts) || !districts.length)
    throw badInput('srmBaseDistrict.upload.districtsRequired');
  const nodes: UploadNode[] = [];
  const firstEntry = new Map<string, string>();
  const visit = (value: unknown, entry: string, level: number, parent: number | null) => {
    if (nodes.length >= MAX_UPLOAD_DISTRICTS) {
      throw badInput('srmBaseDistrict.upload.tooMany', { max: MAX_UPLOAD_DISTRICTS });
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      throw badInput('srmBaseDistrict.upload.notObject', { entry });
    }
    const node = value as Body;
    const rawCode = node.code;
    const code =
      typeof rawCode === 'string' ? rawCode.trim() : typeof rawCode === 'number' ? String(rawCode) : '';
    if (!code) throw badInput('srmBaseDistrict.upload.codeRequired', { entry });
    for (const field of Object.keys(node)) {
      if (!NODE_FIELDS.has(field)) {
        throw badInput('srmBaseDistrict.upload.unknownField', { entry, code, field: field.slice(0, 60) });
      }
    }
    if (code.length > 30 || !PATTERNS.code.test(code))
      throw badInput('srmBaseDistrict.upload.badCode', { entry, code });
    const earlier = firstEntry.get(code);
    if (earlier) throw badInput('srmBaseDistrict.upload.duplicateCode', { entry, code, first: earlier });
    firstEntry.set(code, entry);
    const name = optionalEntryText(node, 'name', 120, entry, code);
    if (!name) throw badInput('srmBaseDistrict.upload.nameRequired', { entry, code });
    if (level > MAX_LEVEL) throw badInput('srmBaseDistrict.upload.tooDeep', { entry, code, max: MAX_LEVEL });
    nodes.push({
      entry,
      code,
      name,
      nameEn: optionalEntryText(node, 'nameEn', 120, entry, code),
      postalCode: optionalEntryText(node, 'postalCode', 20, entry, code),
      level,
      parent,
    });
    const index = nodes.length - 1;
    const children = node.children;
    if (children === undefined || children === null) return;
    if (!Array.isArray(children)) throw badInput('srmBaseDistrict.upload.badChildren', { entry, code });
    children.forEach((child, position) => visit(child, `${entry}.children[${position}]`, level + 1, index));
  };
  districts.forEach((value, position) => visit(value, `districts[${position}]`, 1, null));
  return nodes;
}

/** A failure while saving one entry, explained with the entry in the caller's language. */
function entryFailed(context: HookContext, node: UploadNode, error: AppError): AppError {
  const messages = context.runtime.messages();
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

async function existingByCode(context: HookContext, codes: readonly string[]): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  for (let start = 0; start < codes.length; start += 1000) {
    const rows = await listAll(context, 'srmBaseDistrict', [
      { field: 'districtCode', op: 'in', value: codes.slice(start, start + 1000) },
    ]);
    for (const row of rows) found.set(row.districtCode as string, row);
  }
  return found;
}

async function upload(context: HookContext, input: unknown) {
  const body = bodyOf(input);
  const countryCode = requiredText(body, 'countryCode', 60);
  const country = await listAll(context, 'baseLookupValues', [
    { field: 'lookupType', op: 'eq', value: 'BASE_COUNTRY' },
    { field: 'lookupCode', op: 'eq', value: countryCode },
    { field: 'enabledFlag', op: 'eq', value: 'Y' },
  ]);
  if (!country.length) throw badInput('srmBaseDistrict.unknownCountry', { code: countryCode });
  const nodes = flattenUpload(body.districts);
  const existing = await existingByCode(
    context,
    nodes.map((node) => node.code),
  );
  const service = context.runtime.service(district.name);
  const ids: number[] = [];
  let created = 0;
  let updated = 0;
  for (const node of nodes) {
    const values: Row = {
      districtCode: node.code,
      districtName: node.name,
      countryCode,
      levelNum: node.level,
      parentDistrictId: node.parent === null ? null : ids[node.parent]!,
    };
    // Optional properties the file leaves out keep their stored values.
    if (node.nameEn !== undefined) values.districtNameEn = node.nameEn;
    if (node.postalCode !== undefined) values.postalCode = node.postalCode;
    const stored = existing.get(node.code);
    try {
      if (!stored) {
        const saved = await service.save(context.actor, values);
        ids.push(saved.districtId as number);
        created++;
        continue;
      }
      ids.push(stored.districtId as number);
      const changed = Object.entries(values).filter(
        ([field, value]) => JSON.stringify(stored[field] ?? null) !== JSON.stringify(value ?? null),
      );
      if (!changed.length) continue;
      await service.save(context.actor, {
        districtId: stored.districtId,
        versionNum: stored.versionNum,
        ...Object.fromEntries(changed),
      });
      updated++;
    } catch (error) {
      throw error instanceof AppError ? entryFailed(context, node, error) : error;
    }
  }
  return { created, updated, unchanged: nodes.length - created - updated, total: nodes.length };
}

export const districtActions = legacyActions(district, {
  async beforeSave(context, { row }): Promise<RuleIssue | null> {
    const parentId = row.parentDistrictId as number | null;
    if (parentId === null || parentId === undefined) return null;
    const { parent, cycle } = await checkTreeParent(
      context,
      district.name,
      'districtId',
      'parentDistrictId',
      (row.districtId as number | undefined) ?? null,
      parentId,
    );
    if (cycle) return { field: 'parentDistrictId', message: 'srmBaseDistrict.parentCycle' };
    const expected = parent ? (parent.levelNum as number) + 1 : null;
    if (expected !== null && row.levelNum !== expected) {
      return { field: 'levelNum', message: 'srmBaseDistrict.levelMismatch', params: { level: expected } };
    }
    return null;
  },

  endpoints: {
    /** `{ countryCode }` → every district of the country, provinces first. */
    findByCountry: {
      read: true,
      async handle(context, input) {
        const countryCode = requiredText(bodyOf(input), 'countryCode', 60);
        const data = await listAll(
          context,
          district.name,
          [{ field: 'countryCode', op: 'eq', value: countryCode }],
          [
            { field: 'levelNum', order: 'asc' },
            { field: 'districtCode', order: 'asc' },
          ],
        );
        return { data, page: { count: data.length, curIndex: 1 } };
      },
    },

    /** `{ countryCode?, levelNum, parentDistrictId? }` → the districts of a level (under a parent). */
    findByLevel: {
      read: true,
      async handle(context, input) {
        const body = bodyOf(input);
        const levelNum = requiredInteger(body, 'levelNum', 1, MAX_LEVEL);
        const countryCode = optionalText(body, 'countryCode', 60);
        const parentId = optionalInteger(body, 'parentDistrictId', 1, Number.MAX_SAFE_INTEGER);
        if (parentId !== null && !(await findBy(context, district.name, 'districtId', parentId))) {
          throw badInput('srmBaseDistrict.unknownParent', { id: parentId });
        }
        const data = await listAll(
          context,
          district.name,
          [
            { field: 'levelNum', op: 'eq', value: levelNum },
            ...(countryCode ? [{ field: 'countryCode', op: 'eq' as const, value: countryCode }] : []),
            ...(parentId !== null ? [{ field: 'parentDistrictId', op: 'eq' as const, value: parentId }] : []),
          ],
          [{ field: 'districtCode', order: 'asc' }],
        );
        return { data, page: { count: data.length, curIndex: 1 } };
      },
    },

    /**
     * `{ countryCode, districts: [{ code, name, nameEn?, postalCode?, children?: [...] }] }` →
     * counts of created, updated and unchanged districts. One transaction: all or nothing.
     */
    uploadJson: {
      async handle(context, input) {
        return { data: await upload(context, input) };
      },
    },
  },
});
