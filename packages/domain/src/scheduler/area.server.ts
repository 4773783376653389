// Background work on the server: the programs', requests' and schedules' behaviour and endpoints,
// the request runner (started with the server), the purge program, and the demo data.
import { defineServerArea } from '@srm/platform';
import { schedulerArea } from './area';
import { compensationActions } from './compensation/compensation.actions';
import { programActions } from './program/program.actions';
import { programEndpoints } from './program/program.endpoints';
import { healthEndpoints } from './runner/health.endpoints';
import { requestEndpoints } from './request/request.endpoints';
import { requestSetActions } from './request-set/request-set.actions';
import { purgeRequests } from './runner/purge';
import { runReport } from './runner/report-program';
import { RequestRunner } from './runner/runner';
import { scheduleActions, scheduleEndpoints } from './schedule/schedule.actions';
import { schedulerSeeds } from './scheduler.seed';

export const schedulerServer = defineServerArea(schedulerArea, {
  actions: [
    programActions,
    programEndpoints,
    requestEndpoints,
    requestSetActions,
    scheduleActions,
    scheduleEndpoints,
    compensationActions,
    healthEndpoints,
  ],
  seeds: schedulerSeeds,
  executables: { PURGE_REQUESTS: purgeRequests, RUN_REPORT: runReport },
  background: (services) => new RequestRunner(services),
});
