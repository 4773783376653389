// The portal of a supplier that quit as a whole (ADR 0023): while money is still to settle with it
// (open statements, invoices, payments, advances, deductions, or a balance in its ledger) its users
// keep their logins with one responsibility only, SUPPLIER_SETTLEMENT — read what the supplier had
// and do what the settlement asks of it (confirm statements and balances, invoice, acknowledge
// deductions) and nothing else; once everything is settled the portal closes: every user of the
// supplier is disabled (their sessions end) and told by e-mail. The quit's taking effect does the
// first, and SUPPLIER_QUIT_EFFECT checks the portals still open for the settlement every day.
import { responsibility, user, userResponsibility } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { settlementOpen } from './open-work';

/** The responsibility a quit supplier's users keep while its settlement is open. */
export const SETTLEMENT_RESPONSIBILITY = 'SUPPLIER_SETTLEMENT';

const platform = (ctx: DataApi) => ctx.system('a quit supplier’s portal users are the platform’s');

/** The supplier's users that may still sign in. */
const activeUsers = (ctx: DataApi, supplierId: number) =>
  platform(ctx).list(user, { supplierId, status: 'ACTIVE' });

/** Every user of the supplier disabled (sessions ended) and told; answers how many. */
async function closePortal(ctx: DataApi, supplierId: number): Promise<number> {
  const users = await activeUsers(ctx, supplierId);
  if (!users.length) return 0;
  const [supplier] = await platform(ctx).list(supplierInfo, { supplierId }, { limit: 1 });
  await platform(ctx).act(
    user,
    'doDisable',
    users.map((one) => one.userId),
  );
  for (const one of users) {
    if (!one.email) continue;
    const locale = one.languageCode === 'EN' ? 'en' : 'zh-CN';
    const params = { name: one.userFullName, company: supplier?.supplierName ?? '', userName: one.userName };
    await ctx.services.messenger?.email({
      to: one.email,
      subject: ctx.runtime.t(locale, 'srmSupplierQuit.portalClosed.subject', params),
      text: ctx.runtime.t(locale, 'srmSupplierQuit.portalClosed.text', params),
      purpose: 'SUPPLIER_PORTAL_CLOSED',
    });
  }
  return users.length;
}

/**
 * A whole quit took effect: with money still to settle, the supplier's users keep the settlement
 * responsibility only (their sessions end, so that the next sign-in has it); otherwise the portal
 * closes at once.
 */
export async function portalAfterQuit(ctx: DataApi, supplierId: number): Promise<'SETTLEMENT' | 'CLOSED'> {
  if (!(await settlementOpen(ctx, supplierId))) {
    await closePortal(ctx, supplierId);
    return 'CLOSED';
  }
  const users = await activeUsers(ctx, supplierId);
  const [settlement] = await platform(ctx).list(
    responsibility,
    { responsibilityCode: SETTLEMENT_RESPONSIBILITY },
    { limit: 1 },
  );
  if (!settlement) throw new Error(`The responsibility ${SETTLEMENT_RESPONSIBILITY} is missing`);
  for (const one of users) {
    const held = await platform(ctx).lines(userResponsibility, one.userId);
    const others = held.filter((line) => line.responsibilityId !== settlement.responsibilityId);
    if (others.length)
      await platform(ctx).remove(
        userResponsibility,
        others.map((line) => line.userRespId),
      );
    if (others.length === held.length)
      await platform(ctx).insert(userResponsibility, [
        { userId: one.userId, responsibilityId: settlement.responsibilityId, defaultFlag: 'Y' },
      ]);
  }
  if (users.length)
    await ctx.services.identity?.revokeUsers(
      users.map((one) => one.userId),
      'SUPPLIER_QUIT',
    );
  return 'SETTLEMENT';
}

/** The daily check: portals of quit suppliers whose settlement is done close; answers how many. */
export async function closeSettledPortals(ctx: DataApi): Promise<number> {
  const quit = await platform(ctx).list(supplierInfo, { status: 'QUIT' });
  let closed = 0;
  for (const supplier of quit) {
    if (!(await activeUsers(ctx, supplier.supplierId)).length) continue;
    if (await settlementOpen(ctx, supplier.supplierId)) continue;
    await closePortal(ctx, supplier.supplierId);
    closed += 1;
  }
  return closed;
}
