// The publisher's side of a published shared file: who may download it, who did, how often and
// when, read on the authority of the entry, which the caller must be able to read.
import { type SQL, and, asc, eq, gt, sql } from 'drizzle-orm';
import { type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { lookup, number, ref, user } from '@srm/kernel';
import { supplierInfo } from '../../supplier';
import { commonFileCopy } from '../common-file-copy/common-file-copy.entity';
import { commonFile } from './common-file.entity';
import { DOWNLOAD_FILTERS, type DownloadFilter, type FileReader } from './downloads';

function downloadCondition(
  c: ReturnType<DataApi['runtime']['table']>,
  filter: DownloadFilter,
): SQL | undefined {
  if (filter === 'DOWNLOADED') return gt(c.downloadCount!, 0);
  if (filter === 'NOT_DOWNLOADED') return eq(c.downloadCount!, 0);
  return undefined;
}

export const commonFileEndpoints = defineEndpoints(commonFile, {
  downloads: endpoint({
    summary: 'Download receipts of a shared file: totals, and a page of its readers with their downloads',
    input: {
      commonFileId: ref('srmCommonFile', { required: true }),
      filter: lookup('SRM_COMMON_FILE_DOWNLOAD_FILTER', { codes: DOWNLOAD_FILTERS }),
      pageIndex: number({ min: 1 }),
      pageRows: number({ min: 1, max: 500 }),
    },
    scope: commonFile,
    resource: 'read',
    sides: ['internal'],
    async handle(data, input) {
      const found = await data.find(commonFile, input.commonFileId);
      const c = data.runtime.table(commonFileCopy.name);
      const u = data.runtime.table(user.name);
      const s = data.runtime.table(supplierInfo.name);
      const active = and(eq(c.commonFileId!, found.commonFileId), eq(c.status!, 'ACTIVE'));
      const [totals] = await data.tx
        .select({
          readers: sql<number>`count(*)::int`,
          downloaded: sql<number>`count(*) filter (where ${c.downloadCount} > 0)::int`,
          downloads: sql<number>`coalesce(sum(${c.downloadCount}), 0)::int`,
        })
        .from(c)
        .where(active);
      const where = and(active, downloadCondition(c, (input.filter ?? 'ALL') as DownloadFilter));
      const size = input.pageRows ?? 20;
      const index = input.pageIndex ?? 1;
      const rows = await data.tx
        .select({
          copyId: c.copyId!,
          receiverName: u.userFullName!,
          supplierName: s.supplierName!,
          downloadCount: c.downloadCount!,
          firstDownloadAt: c.firstDownloadAt!,
          lastDownloadAt: c.lastDownloadAt!,
        })
        .from(c)
        .innerJoin(u, eq(u.userId!, c.receiverUserId!))
        .leftJoin(s, eq(s.supplierId!, c.supplierId!))
        .where(where)
        .orderBy(asc(s.supplierName!), asc(u.userFullName!), asc(c.copyId!))
        .limit(size)
        .offset((index - 1) * size);
      const [counted] = await data.tx
        .select({ count: sql<number>`count(*)::int` })
        .from(c)
        .where(where);
      const millis = (value: unknown) =>
        value instanceof Date ? value.getTime() : value == null ? null : Number(value);
      const readers: FileReader[] = rows.map((row) => ({
        copyId: Number(row.copyId),
        receiverName: row.receiverName == null ? null : String(row.receiverName),
        supplierName: row.supplierName == null ? null : String(row.supplierName),
        downloadCount: Number(row.downloadCount ?? 0),
        firstDownloadAt: millis(row.firstDownloadAt),
        lastDownloadAt: millis(row.lastDownloadAt),
      }));
      return {
        data: { totals, rows: readers },
        page: { count: Number(counted?.count ?? 0), curIndex: index },
      };
    },
  }),
});
