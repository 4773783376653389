// Hand-over messages of contracts (in-app and e-mail, in each reader's language): to the
// supplier's users when a contract is sent for their confirmation, is ready to sign, signed by the
// buyer, takes effect, is terminated or voided; to whoever wrote it when the supplier confirms,
// refuses or signs it.
import type { RowOf } from '@srm/kernel';
import type { DataApi, MessageParam } from '@srm/platform';
import { supplierInfo } from '../../supplier';
import type { contract } from './contract.entity';

type Contract = RowOf<typeof contract>;
type ToSupplier = 'sent' | 'readyToSign' | 'buyerSigned' | 'effective' | 'terminated' | 'voided';
type ToBuyer = 'confirmed' | 'refused' | 'supplierSigned';

const link = (row: Contract) => ({ entityName: 'srmCctContract', documentId: row.contractId });

export async function tellSupplierContract(ctx: DataApi, row: Contract, what: ToSupplier): Promise<void> {
  await ctx.services.siteMessages?.notify({
    supplierId: row.supplierId,
    titleKey: `message.cctContract.${what}Title`,
    contentKey: `message.cctContract.${what}Content`,
    params: { number: row.contractNumber ?? '', name: row.contractName },
    link: link(row),
    source: 'CCT_CONTRACT',
    email: true,
    eventId: `${row.contractId}-v${row.versionNum}-${what}`,
  });
}

export async function tellBuyerContract(
  ctx: DataApi,
  row: Contract,
  what: ToBuyer,
  reason: string | null = null,
): Promise<void> {
  if (row.createdBy === null) return;
  const [supplier] = await ctx
    .system('the message names the supplier to its buyer')
    .list(supplierInfo, { supplierId: row.supplierId });
  await ctx.services.siteMessages?.notify({
    userIds: [row.createdBy],
    titleKey: `message.cctContract.${what}Title`,
    contentKey: `message.cctContract.${what}Content`,
    params: {
      number: row.contractNumber ?? '',
      name: row.contractName,
      supplier: supplier?.supplierName ?? '',
      reason: reason ?? '',
    },
    link: link(row),
    source: 'CCT_CONTRACT',
    email: true,
    eventId: `${row.contractId}-v${row.versionNum}-${what}`,
  });
}

/** One party signed and the other has not yet: the other is told it is its turn. */
export async function tellOtherParty(
  ctx: DataApi,
  row: Contract,
  signed: 'PARTY_A' | 'PARTY_B',
): Promise<void> {
  if (signed === 'PARTY_A') await tellSupplierContract(ctx, row, 'buyerSigned');
  else await tellBuyerContract(ctx, row, 'supplierSigned');
}

/**
 * The user who pressed 定稿 is told how it ended: the PDF is ready to sign, or why it failed (the
 * contract is CONFIRMED again). In-app only when it worked, by e-mail too when it did not.
 */
export async function tellFinalizer(
  ctx: DataApi,
  row: Contract,
  userId: number | null,
  what: 'finalized' | 'finalizeFailed',
  reason: MessageParam = '',
): Promise<void> {
  if (userId === null) return;
  await ctx.services.siteMessages?.notify({
    userIds: [userId],
    titleKey: `message.cctContract.${what}Title`,
    contentKey: `message.cctContract.${what}Content`,
    params: { number: row.contractNumber ?? '', name: row.contractName, reason },
    link: link(row),
    source: 'CCT_CONTRACT',
    email: what === 'finalizeFailed',
    eventId: `${row.contractId}-v${row.versionNum}-${what}-${ctx.now.getTime()}`,
  });
}
