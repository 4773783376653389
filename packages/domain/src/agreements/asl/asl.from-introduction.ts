// A completed supplier introduction lists the supplier on the approved supplier list (ADR 0023):
// a category entry for the introduction's category and organisation, VALID from the day, with the
// introduction's number as its source — made, or brought back from DISABLED; an entry already
// valid, or suspended by an alteration, stays as it is. The list is this area's, so the area
// observes the introduction's completion rather than the supplier area writing it.
import { formatDate } from '@srm/kernel';
import { type ActionObserver, SYSTEM_ACTOR, dataApi } from '@srm/platform';
import { asl } from './asl.entity';

export const aslFromIntroduction: ActionObserver = async (context, change) => {
  if (change.entity !== 'srmSupplierIntro' || change.action !== 'doComplete') return;
  const { supplierId, categoryId, orgId, introNum } = change.row;
  if (typeof supplierId !== 'number' || typeof categoryId !== 'number' || typeof orgId !== 'number') return;
  const data = dataApi({ ...context, actor: SYSTEM_ACTOR }, 'asl.introduction');
  const values = {
    aslStatus: 'VALID',
    validFrom: formatDate(context.now.getTime(), context.runtime.timeZone),
    validTo: null,
    sourceNumber: typeof introNum === 'string' ? introNum : null,
  };
  const entry = (await data.list(asl, { supplierId, categoryId, orgId })).find(
    (found) => found.itemId === null,
  );
  if (!entry)
    await data.insert(asl, [{ supplierId, categoryId, orgId, itemId: null, priorityNum: 1, ...values }]);
  else if (entry.aslStatus === 'DISABLED') await data.patch(asl, entry.aslId, values);
};
