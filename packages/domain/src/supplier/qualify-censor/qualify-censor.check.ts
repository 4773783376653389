// What a censor checks: the credential types the qualification requirements ask of a category
// and organisation — a requirement covers its category's sub-categories and, with an
// organisation, that organisation's units and plants; several on one type merge into the
// strictest (mandatory if any is, the longest minimum validity) — and how the supplier's
// certificates of each type stand on a day.
import { type DataApi } from '@srm/platform';
import { category, org } from '../../base-data';
import { qualificationRequirement } from '../qualification-requirement/qualification-requirement.entity';
import { supplierCredential } from '../supplier-credential/supplier-credential.entity';
import { credentialValidOn, daysToExpiry } from '../supplier-credential/supplier-credential.validity';
import type { CENSOR_CHECKS } from './qualify-censor.entity';

const MAX_DEPTH = 20;

export interface Needed {
  readonly credentialType: string;
  readonly mandatory: boolean;
  readonly minValidDays: number;
}

export interface Checked extends Needed {
  readonly supplierCredentialId: number | null;
  readonly credentialNumber: string | null;
  readonly expiryDate: string | null;
  readonly longTermFlag: 'Y' | 'N';
  readonly checkStatus: (typeof CENSOR_CHECKS)[number];
}

/** States of a certificate that no verdict can pass. */
export const ABSENT_CHECKS: readonly string[] = ['MISSING', 'EXPIRED'];

async function categoryChain(data: DataApi, first: number): Promise<number[]> {
  const chain: number[] = [];
  let next: number | null = first;
  while (next !== null && !chain.includes(next) && chain.length < MAX_DEPTH) {
    chain.push(next);
    const rows: { parentCategoryId: number | null }[] = await data.list(
      category,
      { categoryId: next },
      { limit: 1 },
    );
    next = rows[0]?.parentCategoryId ?? null;
  }
  return chain;
}

async function orgChain(data: DataApi, first: number): Promise<number[]> {
  const chain: number[] = [];
  let next: number | null = first;
  while (next !== null && !chain.includes(next) && chain.length < MAX_DEPTH) {
    chain.push(next);
    const rows: { parentOrgId: number | null }[] = await data.list(org, { orgId: next }, { limit: 1 });
    next = rows[0]?.parentOrgId ?? null;
  }
  return chain;
}

/** The credential types required for the category and organisation, in type order. */
export async function neededCredentials(data: DataApi, categoryId: number, orgId: number): Promise<Needed[]> {
  const categories = await categoryChain(data, categoryId);
  const orgs = await orgChain(data, orgId);
  const requirements = await data.list(qualificationRequirement, {
    enabledFlag: 'Y',
    categoryId: categories,
  });
  const merged = new Map<string, Needed>();
  for (const requirement of requirements) {
    if (requirement.orgId !== null && !orgs.includes(requirement.orgId)) continue;
    const before = merged.get(requirement.credentialType);
    merged.set(requirement.credentialType, {
      credentialType: requirement.credentialType,
      mandatory: (before?.mandatory ?? false) || requirement.mandatoryFlag === 'Y',
      minValidDays: Math.max(before?.minValidDays ?? 0, Number(requirement.minValidDays ?? 0)),
    });
  }
  return [...merged.values()].sort((a, b) => a.credentialType.localeCompare(b.credentialType));
}

type Credential = {
  readonly supplierCredentialId: number;
  readonly credentialType: string;
  readonly credentialNumber: string;
  readonly expiryDate: string | null;
  readonly longTermFlag: string | null;
};

/** The later-lasting of two certificates (long-term lasts longest). */
const lasting = (a: Credential, b: Credential): Credential => {
  if (a.longTermFlag === 'Y') return a;
  if (b.longTermFlag === 'Y') return b;
  return (a.expiryDate ?? '') >= (b.expiryDate ?? '') ? a : b;
};

/** How each needed type stands on `day` among the certificates given (the supplier's). */
export function checkCredentials(
  needed: readonly Needed[],
  credentials: readonly Credential[],
  day: string,
): Checked[] {
  return needed.map((need) => {
    const ofType = credentials.filter((c) => c.credentialType === need.credentialType);
    const best = ofType.length ? ofType.reduce(lasting) : null;
    let checkStatus: Checked['checkStatus'] = 'MISSING';
    if (best && !credentialValidOn(best, day)) checkStatus = 'EXPIRED';
    else if (best)
      checkStatus = (daysToExpiry(best, day) ?? Infinity) < need.minValidDays ? 'SHORT' : 'VALID';
    return {
      ...need,
      supplierCredentialId: best?.supplierCredentialId ?? null,
      credentialNumber: best?.credentialNumber ?? null,
      expiryDate: best?.expiryDate ?? null,
      longTermFlag: best?.longTermFlag === 'Y' ? 'Y' : 'N',
      checkStatus,
    };
  });
}

/** The supplier's certificates checked against the requirements of the category and organisation. */
export async function censorCheck(
  data: DataApi,
  supplierId: number,
  categoryId: number,
  orgId: number,
  day: string,
): Promise<Checked[]> {
  const needed = await neededCredentials(data, categoryId, orgId);
  if (!needed.length) return [];
  const credentials = await data.lines(supplierCredential, supplierId);
  return checkCredentials(needed, credentials, day);
}
