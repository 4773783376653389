// Background work (后台作业): concurrent programs and their parameters, request groups granted to
// responsibilities, requests with their logs and outputs, schedules, and the scheduler's health
// (nodes and scheduling errors). The area's manifest: entities, labels, menus and demo grants.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { concurrentProgram } from './program/program.entity';
import { requestGroup } from './request-group/request-group.entity';
import { requestSet } from './request-set/request-set.entity';
import { concurrentRequest, requestLog } from './request/request.entity';
import { scheduleJob } from './schedule/schedule.entity';
import { schedulerNode, schedulingError } from './runner/health.entity';
import { transactionCompen } from './compensation/compensation.entity';

export const schedulerArea = defineArea({
  name: 'scheduler',
  entities: [
    concurrentProgram,
    requestGroup,
    requestSet,
    concurrentRequest,
    requestLog,
    scheduleJob,
    schedulerNode,
    schedulingError,
    transactionCompen,
  ],
  messages: { 'zh-CN': zhCN, en },
  directories: [{ code: 'SCHEDULER', side: 'internal', icon: 'schedule', order: 85 }],
  menus: [
    {
      code: 'SCH_PROGRAM',
      side: 'internal',
      under: 'SCHEDULER',
      path: 'concurrentPrograms',
      entity: 'baseConcurrentProgram',
      order: 10,
    },
    {
      code: 'SCH_REQUEST_GROUP',
      side: 'internal',
      under: 'SCHEDULER',
      path: 'requestGroupList',
      entity: 'baseRequestGroup',
      order: 20,
    },
    {
      code: 'SCH_REQUEST_SET',
      side: 'internal',
      under: 'SCHEDULER',
      path: 'requestSetList',
      entity: 'baseRequestSet',
      order: 25,
    },
    {
      code: 'SCH_REQUEST',
      side: 'internal',
      under: 'SCHEDULER',
      path: 'submitRequest',
      entity: 'baseConcurrentRequest',
      order: 30,
    },
    {
      code: 'SCH_SCHEDULE',
      side: 'internal',
      under: 'SCHEDULER',
      path: 'scheduleJobList',
      entity: 'baseScheduleJob',
      order: 40,
    },
    {
      code: 'SCH_ERROR',
      side: 'internal',
      under: 'SCHEDULER',
      path: 'schedulingError',
      entity: 'baseSchedulingError',
      order: 50,
    },
    {
      code: 'SCH_COMPEN',
      side: 'internal',
      under: 'SCHEDULER',
      path: 'transactionCompen',
      entity: 'baseTransactionCompen',
      order: 55,
    },
    {
      code: 'SCH_NODE',
      side: 'internal',
      under: 'SCHEDULER',
      path: 'schedulerNodeList',
      entity: 'baseSchedulerNode',
      order: 60,
    },
  ],
  grants: {
    BUYER: {
      SCH_PROGRAM: ['view'],
      SCH_REQUEST_SET: ['view'],
      SCH_REQUEST: ['view', 'export', 'doSubmit', 'doCancel', 'doHold', 'doRelease', 'doResubmit'],
      SCH_SCHEDULE: 'all',
      SCH_COMPEN: ['view', 'doRetry'],
    },
  },
});
