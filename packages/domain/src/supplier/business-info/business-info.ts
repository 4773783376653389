// 工商信息 (spec §7.2): a company's registration looked up by its unified social credit code
// through the configured business-information service (platform bizinfo). A registering company
// pre-fills its legal data from it (`srmSupplierRegister/lookupMine`); a buyer checks a
// registration or a supplier's master against it before approving (`checkBusinessInfo`): each
// legal field as we hold it beside the register's, and whether they agree. Nothing here writes.
import { type AnyEntity, ref } from '@srm/kernel';
import {
  AppError,
  BusinessInfoError,
  type CompanyRecord,
  type DataApi,
  defineEndpoints,
  endpoint,
} from '@srm/platform';
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

async function check(ctx: DataApi, entity: AnyEntity, id: number, nameField: string) {
  const row = (await ctx.find(entity, id)) as Record<string, unknown>;
  const creditCode = typeof row.creditCode === 'string' ? row.creditCode : '';
  if (!creditCode) throw new AppError(422, 'srmSupplierInfo.bizInfo.noCreditCode');
  const record = await companyRecord(ctx, creditCode);
  const values = prefillOf(record);
  return {
    data: {
      creditCode,
      registrationStatus: values.registrationStatus,
      trading: values.trading,
      fields: comparison(row, nameField, record),
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
