// Daily management on the server: an event is dated today or earlier (in the organisation's time
// zone), never ahead.
import { defineActions } from '@srm/platform';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { supplierDaily } from './supplier-daily.entity';

export const supplierDailyActions = defineActions(supplierDaily, {
  beforeSave(ctx) {
    if (ctx.row.eventDate > dayIn(ctx.now, ctx.runtime.timeZone))
      return { field: 'eventDate', message: 'srmSupplierDaily.eventAhead' };
    return null;
  },
});
