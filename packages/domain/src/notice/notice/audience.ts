// A notice's audience resolved into receivers at publishing: each target line is a set of active
// users (internal groups by permit, department, role or name; supplier groups as every active
// portal user of each supplier in the group), their union written as receiver rows in one
// statement. Receivers of an earlier publishing who are still in the audience keep their reads,
// confirmation and reply; those who are not any more are withdrawn. So the audience is a
// snapshot: a supplier qualified later gets the notice when it is published again.
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { EntityDef, RowOf } from '@srm/kernel';
import { type DataApi, writeAudit } from '@srm/platform';
import { queryRows } from '@srm/db';
import { employee, responsibilityRole, user, userOrgPermit, userResponsibility } from '@srm/kernel';
import { supplierCategoryOrg, supplierInfo } from '../../supplier';
import { noticeReceiver } from '../receiver/receiver.entity';
import type { notice } from './notice.entity';
import type { NoticeTargetType, noticeTarget } from './notice-target.entity';

/** `exists (subquery)`, the subquery written out. */
const exists = (query: SQL): SQL => sql`exists (${query})`;

export type Target = Pick<RowOf<typeof noticeTarget>, 'targetType'> &
  Partial<
    Pick<
      RowOf<typeof noticeTarget>,
      | 'orgId'
      | 'departmentId'
      | 'roleId'
      | 'employeeId'
      | 'categoryId'
      | 'supplierId'
      | 'supplierStatus'
      | 'supplierLevel'
    >
  >;

/** The users of one target, as a query answering (user_id, supplier_id). */
function targetUsers(ctx: DataApi, target: Target): SQL {
  const u = ctx.runtime.table(user.name);
  const active = eq(u.status, 'ACTIVE');
  const internalUsers = (condition: SQL | undefined) =>
    sql`select ${u.userId} as user_id, null::bigint as supplier_id from ${u} where ${and(active, eq(u.userType, 'INTERNAL'), condition)}`;
  const s = ctx.runtime.table(supplierInfo.name);
  const supplierUsers = (condition: SQL | undefined) =>
    sql`select ${u.userId} as user_id, ${u.supplierId} as supplier_id from ${u} join ${s} on ${eq(s.supplierId, u.supplierId)} where ${and(active, eq(u.userType, 'EXTERNAL'), eq(s.enabledFlag, 'Y'), condition)}`;
  const library = (field: 'categoryId' | 'orgId', id: number) => {
    const c = ctx.runtime.table(supplierCategoryOrg.name);
    return exists(
      sql`select 1 from ${c} where ${and(eq(c.supplierId, s.supplierId), eq(c[field]!, id), eq(c.status, 'QUALIFIED'))}`,
    );
  };
  switch (target.targetType as NoticeTargetType) {
    case 'ALL_INTERNAL':
      return internalUsers(undefined);
    case 'ORG': {
      const permit = ctx.runtime.table(userOrgPermit.name);
      return internalUsers(
        exists(
          sql`select 1 from ${permit} where ${and(eq(permit.userId, u.userId), eq(permit.orgId, target.orgId ?? -1))}`,
        ),
      );
    }
    case 'DEPARTMENT': {
      const e = ctx.runtime.table(employee.name);
      return internalUsers(
        exists(
          sql`select 1 from ${e} where ${and(eq(e.employeeId, u.employeeId), eq(e.departmentId, target.departmentId ?? -1))}`,
        ),
      );
    }
    case 'ROLE': {
      const held = ctx.runtime.table(userResponsibility.name);
      const roles = ctx.runtime.table(responsibilityRole.name);
      return internalUsers(
        exists(
          sql`select 1 from ${held} join ${roles} on ${eq(roles.responsibilityId, held.responsibilityId)} where ${and(eq(held.userId, u.userId), eq(roles.roleId, target.roleId ?? -1))}`,
        ),
      );
    }
    case 'USER':
      return internalUsers(eq(u.employeeId, target.employeeId ?? -1));
    case 'ALL_QUALIFIED':
      return supplierUsers(eq(s.status, 'QUALIFIED'));
    case 'SUPPLIER_CATEGORY':
      return supplierUsers(library('categoryId', target.categoryId ?? -1));
    case 'SUPPLIER_ORG':
      return supplierUsers(library('orgId', target.orgId ?? -1));
    case 'SUPPLIER_STATUS':
      return supplierUsers(eq(s.status, target.supplierStatus ?? ''));
    case 'SUPPLIER_LEVEL':
      // A level is a qualified supplier's (performance evaluation rates those).
      return supplierUsers(and(eq(s.status, 'QUALIFIED'), eq(s.supplierLevel!, target.supplierLevel ?? '')));
    case 'SUPPLIER':
      return supplierUsers(eq(s.supplierId, target.supplierId ?? -1));
  }
}

/** The audience of these targets: distinct users with their supplier. */
export function audienceQuery(ctx: DataApi, targets: readonly Target[]): SQL {
  return sql.join(
    targets.map((target) => targetUsers(ctx, target)),
    sql` union `,
  );
}

/** What publishing a document to an audience writes: one copy per user of its receiver entity. */
export interface AudienceCopies {
  /** The receivers' entity: unique on (`documentField`, `receiverUserId`), with `supplierId`. */
  readonly receivers: EntityDef;
  /** The receivers' field naming the document, and the document's id. */
  readonly documentField: string;
  readonly documentId: number;
  /** What each copy shows of the document, as published (field → value). */
  readonly copied: Readonly<Record<string, unknown>>;
  /** The copy's counters, started at 0 for a new receiver and kept for one coming back. */
  readonly counters: readonly string[];
}

/**
 * Writes the receivers of a document being published to these targets (raw SQL: thousands of
 * rows in one statement, recorded once in the document's own history rather than row by row),
 * or withdraws them all when there are no targets. Answers how many are active.
 */
export async function writeCopies(
  ctx: DataApi,
  copies: AudienceCopies,
  targets: readonly Target[],
): Promise<number> {
  const { receivers, documentField, documentId } = copies;
  const r = ctx.runtime.table(receivers.name);
  const key = r[receivers.key]!;
  const by = ctx.actor.userId;
  const now = ctx.now;
  // Everyone of the earlier publishing first; those still in the audience come back below.
  const withdrawn = await ctx.tx
    .update(r)
    .set({
      status: 'WITHDRAWN',
      versionNum: sql`${r.versionNum} + 1`,
      lastUpdatedBy: by,
      lastUpdateDate: now,
    })
    .where(and(eq(r[documentField]!, documentId), eq(r.status!, 'ACTIVE')))
    .returning({ id: key });
  // One audit entry per version of a copy (the trail's rule), written in bulk too.
  const audit = (ids: readonly number[], statusFrom: string | null, statusTo: string) =>
    writeAudit(
      ctx.tx,
      ctx.actor,
      now,
      ids.map((recordId) => ({
        entity: receivers.name,
        recordId,
        action: ctx.operation,
        statusFrom,
        statusTo,
      })),
    );
  await audit(
    withdrawn.map((found) => Number(found.id)),
    'ACTIVE',
    'WITHDRAWN',
  );
  if (!targets.length) return 0;
  const column = (field: string) => sql.identifier((r[field] as { name: string }).name);
  const fields = Object.keys(copies.copied);
  const values = Object.values(copies.copied).map((value) => sql`${value}`);
  const counters = copies.counters.map(column);
  const written = await queryRows<{ id: number | string }>(
    ctx.tx,
    sql`
    insert into ${r} (${column(documentField)}, ${column('receiverUserId')}, ${column('supplierId')},
      ${sql.join([...fields.map(column), ...counters], sql`, `)},
      ${column('status')}, ${column('versionNum')}, ${column('createdBy')}, ${column('creationDate')},
      ${column('lastUpdatedBy')}, ${column('lastUpdateDate')})
    select ${documentId}, audience.user_id, audience.supplier_id,
      ${sql.join([...values, ...counters.map(() => sql`0`)], sql`, `)},
      'ACTIVE', 1, ${by}, ${now}, ${by}, ${now}
    from (select distinct on (user_id) user_id, supplier_id from (${audienceQuery(ctx, targets)}) a order by user_id) audience
    on conflict (${column(documentField)}, ${column('receiverUserId')}) do update set
      ${sql.join(
        [...fields, 'supplierId'].map((field) => sql`${column(field)} = excluded.${column(field)}`),
        sql`, `,
      )},
      ${column('status')} = 'ACTIVE', ${column('versionNum')} = ${r}.${column('versionNum')} + 1,
      ${column('lastUpdatedBy')} = ${by}, ${column('lastUpdateDate')} = ${now}
    returning ${column(receivers.key)} as id`,
  );
  await audit(
    written.map((found) => Number(found.id)),
    null,
    'ACTIVE',
  );
  const [counted] = await ctx.tx
    .select({ count: sql<number>`count(*)::int` })
    .from(r)
    .where(and(eq(r[documentField]!, documentId), eq(r.status!, 'ACTIVE')));
  return Number(counted?.count ?? 0);
}

/** Writes the receivers of a notice being published (or withdraws them: no targets). */
export function writeReceivers(
  ctx: DataApi,
  row: RowOf<typeof notice>,
  targets: readonly Target[],
): Promise<number> {
  return writeCopies(
    ctx,
    {
      receivers: noticeReceiver,
      documentField: 'noticeId',
      documentId: row.noticeId,
      copied: {
        noticeKind: row.noticeKind,
        configId: row.configId,
        title: row.title,
        summary: row.summary,
        pinnedFlag: row.pinnedFlag,
        effectiveDate: row.effectiveDate,
        expiryDate: row.expiryDate,
        confirmFlag: row.confirmFlag,
        replyFlag: row.replyFlag,
        replyDeadline: row.replyDeadline === null ? null : new Date(row.replyDeadline),
        publisherName: row.publisherName,
        publishedAt: ctx.now,
      },
      counters: ['readCount', 'remindCount'],
    },
    targets,
  );
}
