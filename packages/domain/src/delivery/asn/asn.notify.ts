// Hand-over message of delivery notes (in-app and e-mail, in each reader's language): a submitted
// note to the buyers who raised the orders it ships.
import { type DataApi } from '@srm/platform';
import { order } from '../../purchasing';
import { asn } from './asn.entity';
import { type FoundNote } from './asn.labels';

export async function tellBuyerAsnSubmitted(ctx: DataApi, note: FoundNote): Promise<void> {
  const orderIds = [
    ...new Set(note.lines.flatMap((line) => (line.poHeaderId === null ? [] : [line.poHeaderId]))),
  ];
  if (!orderIds.length) return;
  const userIds = [
    ...new Set(
      (await ctx.list(order, { poHeaderId: orderIds })).flatMap((row) =>
        row.createdBy === null ? [] : [row.createdBy],
      ),
    ),
  ];
  if (!userIds.length) return;
  await ctx.services.siteMessages?.notify({
    userIds,
    titleKey: 'message.asn.submittedTitle',
    contentKey: 'message.asn.submittedContent',
    params: {
      number: note.asnNumber ?? '',
      supplier: String(note.supplierName ?? ''),
      date: note.expectedArrivalDate ?? note.shipDate,
    },
    link: { entityName: asn.name, documentId: note.asnHeaderId },
    source: 'ASN_SUBMITTED',
    email: true,
    eventId: `${note.asnHeaderId}-v${note.versionNum}-submitted`,
  });
}
