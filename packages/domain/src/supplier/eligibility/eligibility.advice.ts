// What a supplier picker shows beside each supplier it lists: eligibility's verdict for the
// document's organisation and each material on its lines, asked of the batch form
// (`listEligibility`) for the suppliers on screen — an inquiry's invitation, an order's or a
// price agreement's supplier. Only a help: every save asks eligibility itself.
import type { RefAdvice } from '@srm/kernel';
import type { Purpose } from './eligibility';

/** At most this many materials are asked about (one request each). */
const MATERIALS_ASKED = 20;

/** Advice for the supplier picker of a document whose lines in `collection` name materials. */
export function eligibilityAdvice(purpose: Purpose, collection: string): RefAdvice {
  return {
    path: '/api/srm/v1/srmSupplierCategoryOrgRestful/listEligibility',
    ids: 'supplierIds',
    bodies: (row, document) => {
      const orgId = document.orgId ?? row.orgId;
      if (typeof orgId !== 'number') return [];
      const lines = document[collection];
      const items = Array.isArray(lines)
        ? [
            ...new Set(
              lines.flatMap((line: unknown) => {
                const itemId = (line as Record<string, unknown> | null)?.itemId;
                return typeof itemId === 'number' ? [itemId] : [];
              }),
            ),
          ]
        : [];
      return items.slice(0, MATERIALS_ASKED).map((itemId) => ({ orgId, itemId, purpose }));
    },
  };
}
