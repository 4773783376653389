// The supplier master on the server: one primary bank account at most; quit, which takes every
// library line with it; and toPortal (our reading, ADR 0005), which opens the first portal login
// of a supplier created by a buyer.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { createPortalUser, mailBothLanguages, portalUserOf, servicesOf } from '../portal-user';
import { setLineStatus } from '../supplier-category-org/line-status';
import { reviewCertificateLines } from '../supplier-credential/credential-expiry';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { supplierCategoryOrg } from '../supplier-category-org/supplier-category-org.entity';
import { CHANGED_COLLECTIONS, CHANGED_HEADER_FIELDS } from '../supplier-change/supplier-change.entity';
import { supplierInfo } from './supplier-info.entity';

type Row = Readonly<Record<string, unknown>>;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The field or collection a direct save of an existing master would change although only an
 * approved change info may (ADR 0023): its legal data, contact, and the lines a change carries.
 * The credit code is the company's identity and never changes. Null when the save keeps them.
 */
function governedChange(
  row: Row,
  previous: Row,
  newLines: Readonly<Record<string, readonly Row[]>>,
  oldLines: Readonly<Record<string, readonly Row[]>>,
): string | null {
  for (const field of ['creditCode', ...CHANGED_HEADER_FIELDS])
    if (!same(row[field], previous[field])) return field;
  for (const collection of CHANGED_COLLECTIONS) {
    const line = supplierInfo.lines[collection];
    const before = new Map((oldLines[collection] ?? []).map((old) => [old[line.key], old]));
    const after = newLines[collection] ?? [];
    if (after.length !== before.size) return collection;
    for (const next of after) {
      const old = before.get(next[line.key]);
      if (!old || Object.keys(line.ownFields).some((name) => !same(next[name], old[name]))) return collection;
    }
  }
  return null;
}

/** A login name for the supplier: its code in lower case, with a number when taken. */
async function freeUserName(ctx: DataApi, supplierCode: string): Promise<string> {
  const base = supplierCode.toLowerCase();
  const { identity } = servicesOf(ctx);
  for (let n = 0; n < 100; n++) {
    const name = n === 0 ? base : `${base}_${n}`;
    if (!(await identity.findUser({ userName: name }))) return name;
  }
  throw new Error(`No free login name for ${supplierCode}`);
}

export const supplierInfoActions = defineActions(supplierInfo, {
  beforeSave(ctx) {
    // Once the master exists its legal data, contact and carried lines change through an approved
    // change info only (the platform applies it); the buyer's own fields stay editable here.
    if (ctx.previous && !ctx.actor.system) {
      const field = governedChange(ctx.row, ctx.previous, ctx.newLines, ctx.oldLines);
      if (field) return { field, message: 'srmSupplierInfo.changeThroughChangeInfo' };
    }
    const primaries = ctx.newLines.accounts.filter((line) => line.primaryFlag === 'Y');
    return primaries.length > 1 ? { field: 'accounts', message: 'srmSupplierInfo.onePrimaryAccount' } : null;
  },
  // A certificate renewed (or lapsed) on file suspends or resumes the supplier's lines at once,
  // not only on the expiry program's next run.
  async afterSave(ctx) {
    if (ctx.created) return;
    const system = ctx.system('library lines follow the supplier’s certificates');
    await reviewCertificateLines(system, dayIn(ctx.now, ctx.runtime.timeZone), [ctx.id]);
  },
  guards: {
    async doToPortal(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const existing = await portalUserOf(ctx, previous.supplierId);
      if (existing) {
        return {
          message: 'srmSupplierInfo.portalUserExists',
          params: { supplier: previous.supplierName, userName: existing.userName },
        };
      }
      if (!previous.contactEmail)
        return { message: 'srmSupplierInfo.portalNoEmail', params: { supplier: previous.supplierName } };
      return null;
    },
  },
  actions: {
    async doQuit(ctx) {
      const lines = await ctx
        .system('a supplier that quits leaves every library line')
        .list(supplierCategoryOrg, { supplierId: ctx.row.supplierId });
      await setLineStatus(
        ctx,
        lines.map((line) => line.categoryOrgId),
        'QUIT',
        { source: 'SUPPLIER_QUIT', documentRef: ctx.row.supplierCode, reason: ctx.input.comment ?? null },
      );
    },
    async doToPortal(ctx) {
      const { row } = ctx;
      const userName = await freeUserName(ctx, row.supplierCode ?? String(row.supplierId));
      const { password } = await createPortalUser(ctx, {
        supplierId: row.supplierId,
        userName,
        fullName: row.contactName,
        email: row.contactEmail,
        mobile: row.contactMobile,
      });
      await mailBothLanguages(
        ctx,
        row.contactEmail,
        'srmSupplierInfo.mail.portalSubject',
        'srmSupplierInfo.mail.portalText',
        { name: row.contactName, company: row.supplierName, userName, password },
        'SUPPLIER_PORTAL_OPENED',
      );
    },
  },
});
