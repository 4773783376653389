// 工商信息 (spec §7.2): a company's registration looked up by its unified social credit code
// through the configured business-information service (platform bizinfo). A registering company
// pre-fills its legal data from it (`srmSupplierRegister/lookupMine`); a buyer checks a
// registration or a supplier's master against it before approving (`checkBusinessInfo`): each
// legal field as we hold it beside the register's, and whether they agree — for a supplier also
// what its business licence (the credential's file) says, read by the service (营业执照识别).
// Nothing here writes.
import { type AnyEntity, ref } from '@srm/kernel';
import {
  AppError,
  BusinessInfoError,
  type CompanyRecord,
  type DataApi,
  defineEndpoints,
  endpoint,
} from '@srm/platform';
import { supplierCredential } from '../supplier-credential/supplier-credential.entity';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { supplierRegister } from '../supplier-register/supplier-register.entity';

/** The legal fields the register knows, under the names the registration and the master use. */
export const REGISTER_FIELDS = [
  'companyName',
  'legalPerson',
  'registeredCapital',
  'capitalCurrency',
  'establishDate',
  'address',
  'businessScope',
] as const;
type RegisterField = (typeof REGISTER_FIELDS)[number];

/** Register states in which a company trades (the others: 注销, 吊销, 撤销, 迁出…). */
const TRADING = ['存续', '在业', '开业', '正常'];

/** The register's record of a credit code; 404 when it has none, 503 when the service fails. */
export async function companyRecord(ctx: DataApi, creditCode: string): Promise<CompanyRecord> {
  const service = ctx.services.businessInfo;
  // Not configured: the user fills in by hand (422 — nothing failed); configured but failing: 503.
  if (!service) throw new AppError(422, 'srmSupplierInfo.bizInfo.unavailable');
  let record: CompanyRecord | null;
  try {
    record = await service.lookup(creditCode);
  } catch (error) {
    if (error instanceof BusinessInfoError) throw new AppError(503, 'srmSupplierInfo.bizInfo.unavailable');
    throw error;
  }
  if (!record) throw new AppError(404, 'srmSupplierInfo.bizInfo.notFound', { code: creditCode });
  return record;
}

/** The record as a form fills from it, with whether the company still trades. */
export function prefillOf(record: CompanyRecord) {
  return {
    creditCode: record.creditCode,
    companyName: record.companyName,
    legalPerson: record.legalPerson,
    registeredCapital: record.registeredCapital,
    capitalCurrency: record.capitalCurrency,
    establishDate: record.establishDate,
    address: record.address,
    businessScope: record.businessScope,
    registrationStatus: record.registrationStatus,
    trading: record.registrationStatus === null || TRADING.includes(record.registrationStatus),
  };
}

const same = (ours: unknown, theirs: unknown) => {
  if (ours === null || ours === undefined || ours === '') return theirs === null || theirs === '';
  if (typeof ours === 'number' || typeof theirs === 'number') return Number(ours) === Number(theirs);
  const clean = (value: unknown) => String(value ?? '').replace(/[\s（）()]/g, '');
  return clean(ours) === clean(theirs);
};

/** Each legal field as held beside the register's. */
function comparison(row: Readonly<Record<string, unknown>>, nameField: string, record: CompanyRecord) {
  const values = prefillOf(record);
  return REGISTER_FIELDS.map((field: RegisterField) => {
    const ours = row[field === 'companyName' ? nameField : field] ?? null;
    const theirs = values[field] ?? null;
    return { field, ours, register: theirs, same: same(ours, theirs) };
  });
}

/** The bytes and name of a stored file (the caller was checked for the record holding it). */
async function storedFile(ctx: DataApi, id: number): Promise<{ bytes: Buffer; name: string } | null> {
  const files = ctx.services.attachments;
  if (!files) return null;
  const [row] = await files.rows([id]);
  if (!row) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await files.storage.get(row.storageKey))
    chunks.push(Buffer.from(chunk as Uint8Array));
  return { bytes: Buffer.concat(chunks), name: row.fileName };
}

/**
 * What the supplier's business licence (营业执照, its credential's first file) says, read by the
 * service; `none` without a licence file, `unreadable` when the service cannot read it.
 */
async function licenceOf(ctx: DataApi, supplierId: number): Promise<CompanyRecord | 'none' | 'unreadable'> {
  const service = ctx.services.businessInfo;
  const [licence] = (
    await ctx
      .system('the business licence of a supplier being checked')
      .list(supplierCredential, { supplierId, credentialType: 'BUSINESS_LICENCE' })
  ).filter((row) => row.attachmentIds);
  const fileId = Number(String(licence?.attachmentIds ?? '').split(',')[0]);
  const file = service && fileId > 0 ? await storedFile(ctx, fileId) : null;
  if (!service || !file) return 'none';
  try {
    return await service.recognizeLicence(new Uint8Array(file.bytes), file.name);
  } catch (error) {
    if (error instanceof BusinessInfoError) return 'unreadable';
    throw error;
  }
}

async function check(ctx: DataApi, entity: AnyEntity, id: number, nameField: string) {
  const row = (await ctx.find(entity, id)) as Record<string, unknown>;
  const creditCode = typeof row.creditCode === 'string' ? row.creditCode : '';
  if (!creditCode) throw new AppError(422, 'srmSupplierInfo.bizInfo.noCreditCode');
  const record = await companyRecord(ctx, creditCode);
  const values = prefillOf(record);
  // A supplier's licence is read too: a third column, and whether its code is the one held.
  const licence = entity.name === supplierInfo.name ? await licenceOf(ctx, id) : 'none';
  const read = typeof licence === 'string' ? null : prefillOf(licence);
  return {
    data: {
      creditCode,
      registrationStatus: values.registrationStatus,
      trading: values.trading,
      licence: typeof licence === 'string' ? licence : 'read',
      licenceCode: read?.creditCode ?? null,
      fields: comparison(row, nameField, record).map((line) => ({
        ...line,
        licence: read ? (read[line.field] ?? null) : null,
      })),
    },
  };
}

const checkSummary = "The register's record of the credit code beside the legal data held (工商信息核验)";

export const registerBusinessInfoEndpoints = defineEndpoints(supplierRegister, {
  checkBusinessInfo: endpoint({
    summary: checkSummary,
    input: { registerId: ref('srmSupplierRegister', { required: true }) },
    scope: supplierRegister,
    resource: 'read',
    sides: ['internal'],
    handle: (ctx, input) => check(ctx, supplierRegister as AnyEntity, input.registerId, 'companyName'),
  }),
});

export const supplierBusinessInfoEndpoints = defineEndpoints(supplierInfo, {
  checkBusinessInfo: endpoint({
    summary: checkSummary,
    input: { supplierId: ref('srmSupplierInfo', { required: true }) },
    scope: supplierInfo,
    resource: 'read',
    sides: ['internal'],
    handle: (ctx, input) => check(ctx, supplierInfo as AnyEntity, input.supplierId, 'supplierName'),
  }),
});
