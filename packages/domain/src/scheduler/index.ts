// Background work's definitions, for other areas and its screens.
export { schedulerArea } from './area';
export { concurrentProgram } from './program/program.entity';
export { programParam } from './program/program-param.entity';
export { nextOccurrence } from './schedule/cron';
export { requestGroup } from './request-group/request-group.entity';
export { requestSet, requestSetStage } from './request-set/request-set.entity';
export { concurrentRequest, requestLog } from './request/request.entity';
export { scheduleJob } from './schedule/schedule.entity';
export { schedulerNode, schedulingError } from './runner/health.entity';
export { transactionCompen } from './compensation/compensation.entity';
