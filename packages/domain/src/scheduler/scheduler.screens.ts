// Screens of background work (web): programs with their parameters and incompatibilities, request
// groups, requests (read-only documents with their buttons), schedules, scheduling errors and
// the nodes of the status tab.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { requestButtons, submitRequestButton } from './request/request.buttons';
import { queueDepthsButton } from './runner/queue-depths.buttons';

const definitions = () => import('./index');

export const schedulerScreens: ScreenEntry[] = [
  ...entityScreens(
    'scheduler',
    'baseConcurrentProgram',
    () => definitions().then((m) => m.concurrentProgram),
    {
      list: 'concurrentPrograms',
      edit: 'concurrentPrograms/ConcurrentProgramsDetail',
    },
  ),
  ...entityScreens('scheduler', 'baseRequestGroup', () => definitions().then((m) => m.requestGroup), {
    list: 'requestGroupList',
    edit: 'requestGroupEdit',
  }),
  ...entityScreens('scheduler', 'baseRequestSet', () => definitions().then((m) => m.requestSet), {
    list: 'requestSetList',
    edit: 'requestSetEdit',
  }),
  ...entityScreens(
    'scheduler',
    'baseConcurrentRequest',
    () => definitions().then((m) => m.concurrentRequest),
    {
      list: 'submitRequest',
      edit: 'submitRequestDetail',
      // 提交请求 on the list; cancel, hold, release, resubmit, log and output on a request.
      listButtons: [submitRequestButton],
      editButtons: requestButtons,
    },
  ),
  ...entityScreens('scheduler', 'baseScheduleJob', () => definitions().then((m) => m.scheduleJob), {
    list: 'scheduleJobList',
    edit: 'scheduleJobEdit',
  }),
  ...entityScreens('scheduler', 'baseSchedulingError', () => definitions().then((m) => m.schedulingError), {
    list: 'schedulingError',
    edit: 'schedulingErrorDetail',
  }),
  ...entityScreens(
    'scheduler',
    'baseTransactionCompen',
    () => definitions().then((m) => m.transactionCompen),
    {
      list: 'transactionCompen',
      edit: 'transactionCompenDetail',
    },
  ),
  ...entityScreens('scheduler', 'baseSchedulerNode', () => definitions().then((m) => m.schedulerNode), {
    list: 'schedulerNodeList',
    edit: 'schedulerNodeDetail',
    listButtons: [queueDepthsButton],
  }),
];
