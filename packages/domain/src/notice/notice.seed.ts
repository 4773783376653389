// Demo notices: three types (a notice every supplier confirms, one that needs approval, a
// notification suppliers answer by a deadline) and a published notice to the qualified
// suppliers, so that the homes and the reader show something on first sign-in; a shared file
// (a delivery-note template) for the qualified suppliers and the buying side.
import { Readable } from 'node:stream';
import { SYSTEM_ACTOR, defineSeed } from '@srm/platform';
import { commonFile } from './common-file/common-file.entity';
import { notice } from './notice/notice.entity';

const TYPES = [
  {
    configCode: 'GENERAL',
    configName: '通知公告',
    configNameEn: 'General notice',
    noticeKind: 'NOTICE',
    audience: 'SUPPLIER',
    approvalFlag: 'N',
    confirmFlag: 'Y',
    replyFlag: 'Y',
    emailFlag: 'N',
  },
  {
    configCode: 'POLICY',
    configName: '采购政策',
    configNameEn: 'Purchasing policy',
    noticeKind: 'NOTICE',
    audience: 'BOTH',
    approvalFlag: 'Y',
    confirmFlag: 'Y',
    replyFlag: 'N',
    emailFlag: 'Y',
  },
  {
    configCode: 'SURVEY',
    configName: '调查通知',
    configNameEn: 'Survey notification',
    noticeKind: 'NOTIFICATION',
    audience: 'SUPPLIER',
    approvalFlag: 'N',
    confirmFlag: 'N',
    replyFlag: 'Y',
    emailFlag: 'N',
  },
] as const;

/** The reminder program of notifications (an administrator schedules it: daily, for instance). */
export const noticeProgramSeed = defineSeed('notice.programs', async (context) => {
  await context.put(
    'baseConcurrentProgram',
    { programCode: 'NOTICE_REMIND' },
    {
      programCode: 'NOTICE_REMIND',
      programName: '通知催阅',
      programNameEn: 'Remind notification receivers',
      moduleCode: 'SYS',
      executableName: 'NOTICE_REMIND',
      retentionDays: 30,
      params: [
        {
          lineNum: 1,
          paramName: 'everyHours',
          paramLabel: '催阅间隔（小时）',
          paramLabelEn: 'Hours between reminders',
          paramKind: 'NUMBER',
          defaultType: 'LITERAL',
          defaultValue: '24',
        },
      ],
    },
    { params: ['paramName'] },
  );
});

export const noticeSeed = defineSeed('notice.types-and-notices', async (context) => {
  for (const type of TYPES) await context.put('srmNoticeConfig', { configCode: type.configCode }, type);
  if (await context.findId('srmNotice', { title: '关于2027年春节放假及送货安排的通知' })) return;
  const buyer = await context.findId('baseUser', { userName: 'buyer' });
  const data = context.data({ ...SYSTEM_ACTOR, userId: buyer, userName: 'buyer' });
  const saved = await data.save(notice, {
    noticeKind: 'NOTICE',
    configId: await context.idOf('srmNoticeConfig', { configCode: 'GENERAL' }),
    title: '关于2027年春节放假及送货安排的通知',
    content:
      '<p>各供应商：</p><p>2027年春节放假时间为<strong>2月5日至2月13日</strong>。节前最后收货日为2月3日，' +
      '节后2月14日恢复收货。请据此安排生产与送货，并在本公告下确认。</p><p>如有疑问请联系对应采购员。</p>',
    effectiveDate: '2026-11-20',
    pinnedFlag: 'Y',
    publisherName: '王强',
    targets: [{ targetType: 'ALL_QUALIFIED' }],
  });
  await data.act(notice, 'doPublish', [saved.noticeId]);
});

/** A published shared file: the delivery-note template every qualified supplier downloads. */
export const commonFileSeed = defineSeed('notice.shared-files', async (context) => {
  if (await context.findId('srmCommonFile', { title: '送货单模板（2027版）' })) return;
  const buyer = await context.findId('baseUser', { userName: 'buyer' });
  const actor = { ...SYSTEM_ACTOR, userId: buyer, userName: 'buyer' };
  const files = context.runtime.plugins.attachments!;
  const template = Buffer.from(
    '\ufeff送货单号,采购订单号,行号,物料编码,物料名称,送货数量,单位,批次号,生产日期\n',
    'utf8',
  );
  const stored = await files.storage.put(Readable.from([template]), Number.MAX_SAFE_INTEGER);
  const file = await files.record(
    actor,
    '送货单模板（2027版）.csv',
    stored,
    { path: 'notice/shared' },
    false,
  );
  const data = context.data(actor);
  const saved = await data.save(commonFile, {
    title: '送货单模板（2027版）',
    fileType: 'TEMPLATE',
    versionLabel: 'V2027.1',
    description: '自2027年1月1日起，送货时请按此模板填写送货单并随货同行；批次号与生产日期必填。',
    effectiveDate: '2026-12-01',
    publisherName: '王强',
    attachmentIds: String(file.id),
    targets: [{ targetType: 'ALL_QUALIFIED' }, { targetType: 'ALL_INTERNAL' }],
  });
  await data.act(commonFile, 'doPublish', [saved.commonFileId]);
});
