// The supplier master on the server: one primary bank account at most, and toPortal (our
// reading, ADR 0005), which opens the first portal login of a supplier created by a buyer.
import type { RuleIssue } from '@srm/kernel';
import { type HookContext, type Row, legacyActions } from '@srm/platform';
import { supplierInfo } from './supplier-info.entity';
import { createPortalUser, mailBothLanguages, portalUserOf } from './portal-user';

function primaryAccountIssue(lines: Readonly<Record<string, Row[]>>): RuleIssue | null {
  const primaries = (lines.accounts ?? []).filter((line) => line.primaryFlag === 'Y');
  return primaries.length > 1 ? { field: 'accounts', message: 'srmSupplierInfo.onePrimaryAccount' } : null;
}

/** A login name for the supplier: its code in lower case, with a number when taken. */
async function freeUserName(context: HookContext, supplierCode: string): Promise<string> {
  const base = supplierCode.toLowerCase();
  const identity = context.runtime.plugins.identity!;
  for (let n = 0; n < 100; n++) {
    const name = n === 0 ? base : `${base}_${n}`;
    if (!(await identity.findUser({ userName: name }))) return name;
  }
  throw new Error(`No free login name for ${supplierCode}`);
}

export const supplierInfoActions = legacyActions(supplierInfo, {
  beforeSave: (_context, { lines }) => primaryAccountIssue(lines),
  guards: {
    doToPortal: async (context, { previous }): Promise<RuleIssue | null> => {
      const existing = await portalUserOf(context, previous.supplierId as number);
      if (existing) {
        return {
          message: 'srmSupplierInfo.portalUserExists',
          params: { supplier: String(previous.supplierName), userName: String(existing.userName) },
        };
      }
      if (!previous.contactEmail) {
        return {
          message: 'srmSupplierInfo.portalNoEmail',
          params: { supplier: String(previous.supplierName) },
        };
      }
      return null;
    },
  },
  actions: {
    doToPortal: async (context, { row }) => {
      const userName = await freeUserName(context, String(row.supplierCode));
      const { password } = await createPortalUser(context, {
        supplierId: row.supplierId as number,
        userName,
        fullName: String(row.contactName),
        email: String(row.contactEmail),
        mobile: (row.contactMobile as string | null) ?? null,
      });
      await mailBothLanguages(
        context,
        String(row.contactEmail),
        'srmSupplierInfo.mail.portalSubject',
        'srmSupplierInfo.mail.portalText',
        { name: String(row.contactName), company: String(row.supplierName), userName, password },
        'SUPPLIER_PORTAL_OPENED',
      );
    },
  },
});
