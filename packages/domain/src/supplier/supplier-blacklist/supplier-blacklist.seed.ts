// Demo blacklist: the company ADR 0005 had in the status BLACKLISTED gets an entry in force (its
// status stays what its lines make it), blocking sourcing and orders for a year, with a public and
// an internal reason; and the two programs of the lifecycle (certificate expiry, blacklist
// relief), which an administrator schedules daily, in their request group.
import { SYSTEM_ACTOR, type SeedContext, defineSeed } from '@srm/platform';
import { supplierBlacklist } from './supplier-blacklist.entity';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';

const BLACKLISTED = '91330302MA2H4LQN5R';

export const supplierBlacklistSeed = defineSeed('supplier.blacklist', async (context) => {
  const supplierId = await context.idOf('srmSupplierInfo', { creditCode: BLACKLISTED });
  if (await context.findId('srmSupplierBlacklist', { supplierId })) return;
  const today = dayIn(context.runtime.clock.now(), context.runtime.timeZone);
  const service = context.runtime.service(supplierBlacklist.name);
  const saved = await context.data().save(supplierBlacklist, {
    supplierId,
    permanentFlag: 'N',
    relieveDate: addDays(today, 365),
    scopeSourcing: 'Y',
    scopeOrder: 'Y',
    scopePayment: 'N',
    publicReason: '交付的紧固件批次存在以次充好，违反《供应商廉洁与质量协议》第 4.2 条。',
    internalReason: '质量部 2026 年 9 月抽检：3 批次强度等级不符；采购经理已约谈，供应商拒绝整改。',
  });
  const id = saved.blacklistId;
  await service.writeSystemFields(SYSTEM_ACTOR, id, { status: 'APPROVED' }, 'seed');
  await context.runtime
    .service('srmSupplierInfo')
    .writeSystemFields(SYSTEM_ACTOR, supplierId, { blacklistFlag: 'Y' }, 'seed');
});

async function putProgram(context: SeedContext, program: Record<string, unknown>): Promise<void> {
  await context.put('baseConcurrentProgram', { programCode: program.programCode }, program, {
    params: ['paramName'],
  });
}

export const supplierProgramSeed = defineSeed('supplier.programs', async (context) => {
  await putProgram(context, {
    programCode: 'SUPPLIER_CREDENTIAL_EXPIRY',
    programName: '供应商资质到期检查',
    programNameEn: 'Supplier certificate expiry',
    moduleCode: 'SUPPLIER',
    executableName: 'SUPPLIER_CREDENTIAL_EXPIRY',
    retentionDays: 30,
    params: [
      {
        lineNum: 1,
        paramName: 'reminderDays',
        paramLabel: '提前提醒天数',
        paramLabelEn: 'Days before expiry to remind',
        paramKind: 'TEXT',
        defaultType: 'LITERAL',
        defaultValue: '60,30,7',
      },
    ],
  });
  await putProgram(context, {
    programCode: 'SUPPLIER_BLACKLIST_RELIEVE',
    programName: '黑名单到期解除',
    programNameEn: 'Relieve blacklist entries on their date',
    moduleCode: 'SUPPLIER',
    executableName: 'SUPPLIER_BLACKLIST_RELIEVE',
    retentionDays: 30,
    params: [],
  });
  await putProgram(context, {
    programCode: 'SUPPLIER_QUIT_EFFECT',
    programName: '供应商退出生效',
    programNameEn: 'Supplier quits on their effective date',
    moduleCode: 'SUPPLIER',
    executableName: 'SUPPLIER_QUIT_EFFECT',
    retentionDays: 30,
    params: [],
  });
  await putProgram(context, {
    programCode: 'SUPPLIER_INVITE_EXPIRE',
    programName: '注册邀请过期处理',
    programNameEn: 'Expire register invitations',
    moduleCode: 'SUPPLIER',
    executableName: 'SUPPLIER_INVITE_EXPIRE',
    retentionDays: 30,
    params: [],
  });
  // The administrator submits and schedules them (后台作业 → 提交请求 / 调度作业).
  const admin = await context.findId('baseResponsibility', { responsibilityCode: 'SYS_ADMIN' });
  if (admin === null) return;
  const program = (programCode: string) => context.idOf('baseConcurrentProgram', { programCode });
  await context.put(
    'baseRequestGroup',
    { groupCode: 'SUPPLIER_PROGRAMS' },
    {
      groupCode: 'SUPPLIER_PROGRAMS',
      groupName: '供应商管理作业',
      maxActivePerUser: 0,
      programs: [
        { lineNum: 1, programId: await program('SUPPLIER_CREDENTIAL_EXPIRY') },
        { lineNum: 2, programId: await program('SUPPLIER_BLACKLIST_RELIEVE') },
        { lineNum: 3, programId: await program('SUPPLIER_INVITE_EXPIRE') },
        { lineNum: 4, programId: await program('SUPPLIER_QUIT_EFFECT') },
      ],
      responsibilities: [{ lineNum: 1, responsibilityId: admin }],
    },
    { programs: ['programId'], responsibilities: ['responsibilityId'] },
  );
});
