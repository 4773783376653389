// Changing the status of library lines on the platform's behalf (the certificate-expiry program,
// a renewal, a whole supplier's quit): one conditional statement for all the lines, one history
// row each, and the suppliers' own status brought in line (QUALIFIED while any of their lines is
// qualified or suspended, POTENTIAL otherwise; a supplier that quit stays QUIT).
import { inArray, sql } from 'drizzle-orm';
import type { DataApi } from '@srm/platform';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { supplierCategoryOrgHistory, type LineChangeSource } from './supplier-category-org-history.entity';
import {
  type CategoryOrgState,
  type SuspendCause,
  supplierCategoryOrg,
} from './supplier-category-org.entity';

export interface LineChange {
  readonly source: LineChangeSource;
  /** The document behind it (a certificate, a blacklist entry). */
  readonly documentRef?: string | null;
  readonly reason?: string | null;
  /** With SUSPENDED: why (stored on the line until it resumes). */
  readonly suspendCause?: SuspendCause | null;
  /** A line that quit may change too (a re-introduction); otherwise QUIT lines are left alone. */
  readonly reopen?: boolean;
}

interface LineBefore {
  readonly id: number;
  readonly supplierId: number;
  readonly categoryId: number;
  readonly orgId: number;
  readonly status: string;
}

/** Writes the history rows of lines whose status changed. */
export async function writeLineHistory(
  data: DataApi,
  lines: readonly LineBefore[],
  to: CategoryOrgState,
  change: LineChange,
): Promise<void> {
  if (!lines.length) return;
  await data.system('the library line history is written by the platform').insert(
    supplierCategoryOrgHistory,
    lines.map((line) => ({
      categoryOrgId: line.id,
      supplierId: line.supplierId,
      categoryId: line.categoryId,
      orgId: line.orgId,
      fromStatus: (line.status || null) as CategoryOrgState | null,
      toStatus: to,
      changeSource: change.source,
      documentRef: change.documentRef ?? null,
      reason: change.reason ?? null,
    })),
  );
}

/**
 * Moves the given lines (those not already there) to `to`; answers how many changed. Lines in
 * QUIT stay there.
 */
export async function setLineStatus(
  data: DataApi,
  lineIds: readonly number[],
  to: CategoryOrgState,
  change: LineChange,
): Promise<number> {
  if (!lineIds.length) return 0;
  const system = data.system('library lines change on the platform’s behalf');
  const l = data.runtime.table(supplierCategoryOrg.name);
  const before = (
    await data.tx
      .select({
        id: l.categoryOrgId!,
        supplierId: l.supplierId!,
        categoryId: l.categoryId!,
        orgId: l.orgId!,
        status: l.status!,
      })
      .from(l)
      .where(
        change.reopen
          ? sql`${l.categoryOrgId!} = any(${sql.param([...lineIds])}::bigint[]) and ${l.status!} <> ${to}`
          : sql`${l.categoryOrgId!} = any(${sql.param([...lineIds])}::bigint[]) and ${l.status!} <> ${to} and ${l.status!} <> 'QUIT'`,
      )
  ).map((row) => ({
    id: Number(row.id),
    supplierId: Number(row.supplierId),
    categoryId: Number(row.categoryId),
    orgId: Number(row.orgId),
    status: String(row.status),
  }));
  if (!before.length) return 0;
  const changing = before.map((line) => line.id);
  const suspended = to === 'SUSPENDED';
  await system.rawUpdate(supplierCategoryOrg, changing, async (tx) => {
    await tx
      .update(l)
      .set({
        status: to,
        suspendCause: suspended ? (change.suspendCause ?? 'MANUAL') : null,
        suspendReason: suspended ? (change.reason ?? null) : null,
        versionNum: sql`${l.versionNum!} + 1`,
        lastUpdatedBy: data.actor.userId,
        lastUpdateDate: data.now,
      })
      .where(inArray(l.categoryOrgId!, changing));
  });
  await writeLineHistory(data, before, to, change);
  await syncSupplierStatus(
    data,
    before.map((line) => line.supplierId),
  );
  return before.length;
}

/**
 * A supplier's status follows its lines: QUALIFIED while one of them is qualified or suspended
 * (a suspension is not a disqualification), POTENTIAL otherwise. QUIT is left alone.
 */
export async function syncSupplierStatus(data: DataApi, supplierIds: readonly number[]): Promise<void> {
  if (!supplierIds.length) return;
  const s = data.runtime.table(supplierInfo.name);
  const l = data.runtime.table(supplierCategoryOrg.name);
  const target = sql`case when exists (select 1 from ${l} where ${l.supplierId!} = ${s.supplierId!}
    and ${l.status!} in ('QUALIFIED', 'SUSPENDED')) then 'QUALIFIED' else 'POTENTIAL' end`;
  const moving = (
    await data.tx
      .select({ id: s.supplierId! })
      .from(s)
      .where(
        sql`${s.supplierId!} = any(${sql.param([...new Set(supplierIds)])}::bigint[])
          and ${s.status!} in ('POTENTIAL', 'QUALIFIED') and ${s.status!} <> ${target}`,
      )
  ).map((row) => Number(row.id));
  if (!moving.length) return;
  await data
    .system('a supplier’s status follows its library lines')
    .rawUpdate(supplierInfo, moving, async (tx) => {
      await tx
        .update(s)
        .set({
          status: target,
          versionNum: sql`${s.versionNum!} + 1`,
          lastUpdatedBy: data.actor.userId,
          lastUpdateDate: data.now,
        })
        .where(inArray(s.supplierId!, moving));
    });
}
