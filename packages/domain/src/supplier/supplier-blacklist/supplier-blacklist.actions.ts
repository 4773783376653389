// Blacklist entries on the server: the relieve date lies ahead; approval lays the entry over the
// supplier (`blacklistFlag`) and tells its users the public reason; relieving (by hand or by the
// program on the relieve date) lifts the flag once no other entry is in force, and tells them.
import { type DataApi, type Executable, defineActions } from '@srm/platform';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { supplierBlacklist } from './supplier-blacklist.entity';

type Entry = { blacklistId: number; blacklistNum: string | null; supplierId: number; publicReason: string };

const platform = (ctx: DataApi) => ctx.system('a blacklist entry marks and tells its supplier');

async function setFlag(ctx: DataApi, supplierId: number): Promise<void> {
  const inForce = await platform(ctx).list(
    supplierBlacklist,
    { supplierId, status: 'APPROVED' },
    { limit: 1 },
  );
  await platform(ctx).patch(supplierInfo, supplierId, { blacklistFlag: inForce.length ? 'Y' : 'N' });
}

async function tell(ctx: DataApi, entry: Entry, what: 'Blacklisted' | 'Relieved'): Promise<void> {
  await ctx.services.siteMessages?.notify({
    supplierId: entry.supplierId,
    titleKey: `srmSupplierBlacklist.message.${what.toLowerCase()}Title`,
    contentKey: `srmSupplierBlacklist.message.${what.toLowerCase()}Content`,
    params: { number: entry.blacklistNum ?? '', reason: entry.publicReason },
    link: { entityName: supplierBlacklist.name, documentId: entry.blacklistId },
    source: what === 'Blacklisted' ? 'SUPPLIER_BLACKLISTED' : 'SUPPLIER_BLACKLIST_RELIEVED',
    email: true,
    eventId: `${entry.blacklistId}-${what}`,
  });
}

export const supplierBlacklistActions = defineActions(supplierBlacklist, {
  beforeSave(ctx) {
    const { relieveDate } = ctx.row;
    if (relieveDate && relieveDate <= dayIn(ctx.now, ctx.runtime.timeZone))
      return { field: 'relieveDate', message: 'srmSupplierBlacklist.relieveInPast' };
    return null;
  },
  actions: {
    async doApproval(ctx) {
      await setFlag(ctx, ctx.row.supplierId);
      await tell(ctx, ctx.row, 'Blacklisted');
    },
    async doRelieve(ctx) {
      await setFlag(ctx, ctx.row.supplierId);
      await tell(ctx, ctx.row, 'Relieved');
    },
  },
});

/**
 * SUPPLIER_BLACKLIST_RELIEVE (a concurrent program, daily): entries in force whose relieve date
 * has come are relieved, each through its own action (history, flag, message).
 */
export const relieveBlacklist: Executable = async (context) => {
  const relieved = await context.work(async (data) => {
    const today = dayIn(data.now, data.runtime.timeZone);
    const due = (
      await data
        .system('the relieve program reads every entry in force')
        .list(supplierBlacklist, { status: 'APPROVED', permanentFlag: 'N' })
    ).filter((entry) => entry.relieveDate !== null && entry.relieveDate <= today);
    if (due.length) {
      await data.act(
        supplierBlacklist,
        'doRelieve',
        due.map((entry) => entry.blacklistId),
        { comment: data.t('srmSupplierBlacklist.relievedOnDate') },
      );
    }
    return due.length;
  });
  context.log(`${relieved} blacklist entries relieved`);
  return `${relieved} relieved`;
};
