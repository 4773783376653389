// The message log's retention program (an administrator schedules it: daily, for instance).
import { defineSeed } from '@srm/platform';
import { DEFAULT_KEEP_DAYS, PURGE_MESSAGE_LOG } from './outbox/purge';

export const messagingProgramSeed = defineSeed('messaging.programs', async (context) => {
  await context.put(
    'baseConcurrentProgram',
    { programCode: PURGE_MESSAGE_LOG },
    {
      programCode: PURGE_MESSAGE_LOG,
      programName: '清理消息日志',
      programNameEn: 'Purge the message log',
      moduleCode: 'SYS',
      executableName: PURGE_MESSAGE_LOG,
      retentionDays: 30,
      params: [
        {
          lineNum: 1,
          paramName: 'keepDays',
          paramLabel: '保留天数',
          paramLabelEn: 'Days kept',
          paramKind: 'NUMBER',
          defaultType: 'LITERAL',
          defaultValue: String(DEFAULT_KEEP_DAYS),
        },
      ],
    },
    { params: ['paramName'] },
  );
});
