// The indirect-procurement profile (间接采购信息; our reading of the spec's "indirect", ADR 0023):
// what a buyer of services, MRO and other non-production goods asks of a supplier beside its legal
// data — its taxpayer status, what it serves and where, how fast it answers, its size and its
// main customers. The registration, the master and change info carry the same fields; a
// non-production or service supplier must give its service scope and regions before it submits
// its registration.
import { amount, lookup, number, text, textarea } from '@srm/kernel';

/** The profile's fields, defined once for the registration, the master and change info. */
export const indirectProfileFields = {
  /** 一般纳税人 or 小规模纳税人: which VAT invoice the supplier can issue. */
  taxpayerType: lookup('SRM_TAXPAYER_TYPE', { codes: ['GENERAL', 'SMALL_SCALE'] }),
  serviceScope: textarea({ max: 1000 }),
  serviceRegions: text({ max: 240 }),
  /** The longest time it takes to answer a call-out or a request for service, in hours. */
  responseHours: number({ min: 0, max: 720, precision: 0 }),
  employeeCount: number({ min: 0, max: 10_000_000, precision: 0 }),
  /** Last year's revenue, in the capital's currency. */
  annualRevenue: amount({ min: 0 }),
  mainCustomers: textarea({ max: 1000 }),
};

export const INDIRECT_FIELDS = [
  'taxpayerType',
  'serviceScope',
  'serviceRegions',
  'responseHours',
  'employeeCount',
  'annualRevenue',
  'mainCustomers',
] as const satisfies readonly (keyof typeof indirectProfileFields)[];

/** Supplier types that must fill the profile's service scope and regions. */
export const INDIRECT_TYPES: readonly string[] = ['NON_PRODUCTION', 'SERVICE'];

/** The profile's fields a supplier of those types must fill. */
export const INDIRECT_REQUIRED = ['serviceScope', 'serviceRegions'] as const;

/** The profile's fields a row of this type must fill and has left empty. */
export function indirectMissing(
  row: Readonly<Record<string, unknown>>,
): (typeof INDIRECT_REQUIRED)[number][] {
  if (!INDIRECT_TYPES.includes(String(row.supplierType ?? ''))) return [];
  return INDIRECT_REQUIRED.filter((name) => {
    const value = row[name];
    return typeof value !== 'string' || !value.trim();
  });
}
