// The district file (a JSON tree of districts) flattened and checked entry by entry: the first
// bad entry is a 400 naming it by its place in the file and its code. Shared by the upload
// endpoint and the demo data.
import { PATTERNS } from '@srm/kernel';
import { AppError } from '@srm/platform';

/** Most districts one upload may carry (all of China's counties are about 3,200). */
export const MAX_UPLOAD_DISTRICTS = 20000;
export const MAX_DISTRICT_LEVEL = 5;
const NODE_FIELDS = new Set(['code', 'name', 'nameEn', 'postalCode', 'children']);

export interface UploadNode {
  /** Where the entry is in the file, e.g. `districts[3].children[0]`. */
  readonly entry: string;
  readonly code: string;
  readonly name: string;
  /** Absent (undefined) when the file leaves the property out: the stored value stays. */
  readonly nameEn: string | null | undefined;
  readonly postalCode: string | null | undefined;
  readonly level: number;
  /** Index of the parent in the flattened list. */
  readonly parent: number | null;
}

type Entry = Readonly<Record<string, unknown>>;

const isEntry = (value: unknown): value is Entry =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const badEntry = (key: string, params: Readonly<Record<string, string | number>> = {}) =>
  new AppError(400, `srmBaseDistrict.upload.${key}`, params);

function optionalText(node: Entry, field: string, max: number, entry: string, code: string) {
  if (!(field in node)) return undefined;
  const value = node[field];
  if (value === null || value === '') return null;
  // PostgreSQL cannot hold a NUL character.
  if (typeof value !== 'string' || value.includes('\u0000'))
    throw badEntry('notText', { entry, code, field });
  const text = value.trim();
  if ([...text].length > max) throw badEntry('tooLong', { entry, code, field, max });
  return text || null;
}

/** The entries of the uploaded tree in parent-first order, each checked. */
export function flattenUpload(districts: unknown): UploadNode[] {
  if (!Array.isArray(districts) || !districts.length) throw badEntry('districtsRequired');
  const nodes: UploadNode[] = [];
  const firstEntry = new Map<string, string>();
  const visit = (value: unknown, entry: string, level: number, parent: number | null) => {
    if (nodes.length >= MAX_UPLOAD_DISTRICTS) throw badEntry('tooMany', { max: MAX_UPLOAD_DISTRICTS });
    if (!isEntry(value)) throw badEntry('notObject', { entry });
    const given = value.code;
    const code = typeof given === 'string' ? given.trim() : typeof given === 'number' ? String(given) : '';
    if (!code) throw badEntry('codeRequired', { entry });
    for (const field of Object.keys(value)) {
      if (!NODE_FIELDS.has(field)) throw badEntry('unknownField', { entry, code, field: field.slice(0, 60) });
    }
    if (code.length > 30 || !PATTERNS.code.test(code)) throw badEntry('badCode', { entry, code });
    const earlier = firstEntry.get(code);
    if (earlier) throw badEntry('duplicateCode', { entry, code, first: earlier });
    firstEntry.set(code, entry);
    const name = optionalText(value, 'name', 120, entry, code);
    if (!name) throw badEntry('nameRequired', { entry, code });
    if (level > MAX_DISTRICT_LEVEL) throw badEntry('tooDeep', { entry, code, max: MAX_DISTRICT_LEVEL });
    nodes.push({
      entry,
      code,
      name,
      nameEn: optionalText(value, 'nameEn', 120, entry, code),
      postalCode: optionalText(value, 'postalCode', 20, entry, code),
      level,
      parent,
    });
    const index = nodes.length - 1;
    const children = value.children;
    if (children === undefined || children === null) return;
    if (!Array.isArray(children)) throw badEntry('badChildren', { entry, code });
    children.forEach((child, position) => visit(child, `${entry}.children[${position}]`, level + 1, index));
  };
  districts.forEach((value, position) => visit(value, `districts[${position}]`, 1, null));
  return nodes;
}
