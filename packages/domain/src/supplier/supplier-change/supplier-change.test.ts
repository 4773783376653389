// Change info: a change starts as a copy of the master; the master keeps its values until the
// change is approved, then takes every section at once; a master that moved since the snapshot
// refuses the apply (409, nothing written) and the requester rebases; abolish leaves the master
// as it was; the diff names each field with its value before and after, account numbers masked
// except to the supplier itself and to finance; one open change per supplier; supplier B sees
// nothing of supplier A's changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, dataApi, decideAll } from '@srm/platform';
import { api, seedsNamed, startTestServer, supplierUser, type TestServer } from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { supplierSeeds } from '../server';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { type ChangedCollection, supplierChange } from './supplier-change.entity';
import { useOneApprover } from '../../domain.testing';

type Row = Record<string, unknown>;
type Line = Row & { sourceLineId: number | null };
type Change = Row & {
  changeId: number;
  versionNum: number;
  status: string;
  accounts: Line[];
  contacts: Line[];
  credentials: Line[];
  sites: Line[];
};
type Master = Row & {
  supplierId: number;
  versionNum: number;
  accounts: Row[];
  contacts: Row[];
  credentials: Row[];
};
interface Presented {
  section: string;
  title: string;
  fields: { label: string; before: string | null; after: string | null }[];
  lines: {
    kind: string;
    kindLabel: string;
    title: string;
    fields: { label: string; before: string | null; after: string | null }[];
  }[];
}

const CHANGE = (action: string) => api('srmSupplierChange', action);

/** A change line as the form sends it back: its key and the values it may change. */
const body = (collection: ChangedCollection, lines: readonly Row[]) =>
  lines.map((line) => {
    const names = [
      supplierChange.lines[collection].key,
      ...Object.keys(supplierInfo.lines[collection].ownFields),
    ];
    return Object.fromEntries(names.filter((name) => name in line).map((name) => [name, line[name]]));
  });
const A_CODE = '91320505MA1NH7QX3R';
const B_CODE = '91330212MA2GQ3RT8L';

let server: TestServer;
let supplierA: Master;
let supplierB: Master;

const master = async (supplierId: number) =>
  (await server.post<Master>(api('srmSupplierInfo', 'findById'), { supplierId })).body.data;
const change = async (changeId: number) =>
  (await server.post<Change>(CHANGE('findById'), { changeId })).body.data;
/** A change of supplier A's master as the form opens it: the master's header values. */
const opening = (m: Master, reason: string): Row => ({
  supplierId: m.supplierId,
  changeReason: reason,
  supplierName: m.supplierName,
  legalPerson: m.legalPerson,
  contactName: m.contactName,
  contactMobile: m.contactMobile,
  contactEmail: m.contactEmail,
  registeredCapital: m.registeredCapital,
});
const open = async (m: Master, reason: string, actor?: ReturnType<typeof supplierUser>) => {
  const saved = await server.post<Change>(CHANGE('saveOrUpdate'), opening(m, reason), actor ? { actor } : {});
  expect(saved.body.status, saved.body.msg).toBe('S');
  return saved.body.data;
};
const save = (body: Row, actor?: ReturnType<typeof supplierUser>) =>
  server.post<Change>(CHANGE('saveOrUpdate'), body, actor ? { actor } : {});
const act = (action: string, changeId: number, versionNum: number, extra: Row = {}) =>
  server.post(CHANGE(action), { changeId, versionNum, ...extra });
const diff = async (changeId: number, actor?: ReturnType<typeof supplierUser>) =>
  server.post<{ stale: boolean; sections: Presented[] }>(
    CHANGE('findDiff'),
    { changeId },
    actor ? { actor } : {},
  );
/** The master changed by the platform (another change applied, say): its version moves on. */
const touchMaster = async (supplierId: number, changes: Row) => {
  const m = await master(supplierId);
  await server.runtime.transaction(async (tx) => {
    const data = dataApi(
      { actor: SYSTEM_ACTOR, runtime: server.runtime, tx, now: server.clock.now() },
      'test',
    );
    await data.save(supplierInfo, { supplierId, versionNum: m.versionNum, ...changes } as never);
  });
};

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: [
      ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'units', 'organisations', 'categories'),
      ...supplierSeeds,
    ],
  });
  await useOneApprover(server);
  supplierA = await master(
    (await server.first<Master>('srmSupplierInfo', { creditCode: A_CODE })).supplierId,
  );
  supplierB = await master(
    (await server.first<Master>('srmSupplierInfo', { creditCode: B_CODE })).supplierId,
  );
});
afterAll(async () => {
  await server?.close();
});

describe('a change info', () => {
  let opened: Change;

  it('is the only way to change the master’s legal data and carried lines; the buyer’s own fields stay editable', async () => {
    const direct = (changes: Row) =>
      server.post(api('srmSupplierInfo', 'saveOrUpdate'), {
        supplierId: supplierA.supplierId,
        versionNum: supplierA.versionNum,
        ...changes,
      });
    const legal = await direct({ legalPerson: '周立新' });
    expect([legal.httpStatus, legal.body.msg]).toEqual([
      400,
      '法定代表人：供应商信息生效后只能通过“信息变更”修改，请新建变更单并提交审批',
    ]);
    const accounts = await direct({ accounts: [] });
    expect([accounts.httpStatus, accounts.body.status]).toEqual([400, 'E']);
    expect((await master(supplierA.supplierId)).accounts).toHaveLength(2);
    const remark = await direct({ internalRemark: '年度审核 A 级' });
    expect(remark.body.status, remark.body.msg).toBe('S');
    supplierA = await master(supplierA.supplierId);
  });

  it('opens as a copy of the master, its lines naming theirs, one open change per supplier', async () => {
    opened = await open(supplierA, '更换收款银行，ISO 9001 证书换证');
    expect(opened.changeNum).toMatch(/^SC\d{12}$/);
    expect(opened.status).toBe('DRAFT');
    expect(opened.baseVersion).toBe(supplierA.versionNum);
    expect(opened.accounts.map((line) => [line.sourceLineId, line.bankAccountNumber])).toEqual(
      supplierA.accounts.map((line) => [line.supplierAccountId, line.bankAccountNumber]),
    );
    expect(opened.contacts).toHaveLength(supplierA.contacts.length);
    expect(opened.credentials).toHaveLength(supplierA.credentials.length);

    const second = await save(opening(supplierA, '另一个变更'));
    expect([second.httpStatus, second.body.msg]).toEqual([
      400,
      `供应商：该供应商已有未完成的变更单 ${String(opened.changeNum)}，请先处理它（提交、作废）再新建`,
    ]);
  });

  it('is refused when it changes nothing', async () => {
    const refused = await act('doSubmit', opened.changeId, opened.versionNum);
    expect([refused.httpStatus, refused.body.msg]).toEqual([
      422,
      '变更单与当前供应商信息相同，没有需要审批的变更',
    ]);
  });

  it('shows each change with its label, before and after; account numbers masked inside, clear to the supplier', async () => {
    const oldPrimary = opened.accounts.find((line) => line.primaryFlag === 'Y')!;
    const iso = opened.credentials.find((line) => line.credentialType === 'ISO9001')!;
    const edited = await save({
      changeId: opened.changeId,
      versionNum: opened.versionNum,
      legalPerson: '周立新',
      accounts: [
        ...body(
          'accounts',
          opened.accounts.filter((line) => line !== oldPrimary),
        ),
        {
          bankName: '中国建设银行',
          bankBranch: '苏州工业园区支行',
          bankAccountName: '苏州恒达精密五金有限公司',
          bankAccountNumber: '32250198883600001234',
          primaryFlag: 'Y',
        },
      ],
      contacts: body(
        'contacts',
        opened.contacts.filter((line) => line.contactName !== '王强'),
      ),
      credentials: body(
        'credentials',
        opened.credentials.map((line) =>
          line === iso ? { ...line, expiryDate: '2029-11-30', issueDate: '2026-11-20' } : line,
        ),
      ),
    });
    expect(edited.body.status, edited.body.msg).toBe('S');
    opened = edited.body.data;

    const inside = await diff(opened.changeId);
    expect(inside.body.status, inside.body.msg).toBe('S');
    expect(inside.body.data.stale).toBe(false);
    const sections = Object.fromEntries(inside.body.data.sections.map((s) => [s.section, s]));
    expect(Object.keys(sections).sort()).toEqual(['accounts', 'contacts', 'credentials', 'header']);
    expect(sections.header!.fields).toEqual([
      { field: 'legalPerson', label: '法定代表人', before: '周建国', after: '周立新' },
    ]);
    const accounts = sections.accounts!.lines;
    expect(accounts.map((line) => [line.kindLabel, line.title])).toEqual([
      ['新增', '中国建设银行 ************1234'],
      ['删除', '中国工商银行 ************3456'],
    ]);
    const added = accounts[0]!.fields.find((field) => field.label === '银行账号')!;
    expect(added).toMatchObject({ before: null, after: '************1234' });
    expect(sections.contacts!.lines.map((line) => [line.kind, line.title])).toEqual([['REMOVED', '王强']]);
    expect(
      sections.credentials!.lines[0]!.fields.map((field) => [field.label, field.before, field.after]),
    ).toEqual([
      ['发证日期', iso.issueDate, '2026-11-20'],
      ['有效期至', iso.expiryDate, '2029-11-30'],
    ]);
    expect(JSON.stringify(inside.body.data)).not.toContain('32250198883600001234');

    const own = await diff(opened.changeId, supplierUser(supplierA.supplierId));
    expect(own.body.status, own.body.msg).toBe('S');
    expect(JSON.stringify(own.body.data)).toContain('32250198883600001234');
    expect(JSON.stringify(own.body.data)).toContain('1102020109000123456');

    const english = await server.post<{ sections: Presented[] }>(
      CHANGE('findDiff'),
      { changeId: opened.changeId },
      { language: 'EN' },
    );
    expect(english.body.data.sections[0]!.fields[0]).toMatchObject({ label: 'Legal representative' });
  });

  it('leaves the master as it was until approval, then applies every section at once', async () => {
    const submitted = await act('doSubmit', opened.changeId, opened.versionNum);
    expect(submitted.body.status, submitted.body.msg).toBe('S');
    const waiting = await master(supplierA.supplierId);
    expect(waiting.legalPerson).toBe('周建国');
    expect(waiting.accounts.find((line) => line.primaryFlag === 'Y')!.bankAccountNumber).toBe(
      '1102020109000123456',
    );

    await decideAll(server.runtime, 'srmSupplierChange', opened.changeId, 'approve', '银行证明已核对');
    const applied = await change(opened.changeId);
    expect(applied.status).toBe('APPROVED');
    expect(applied.appliedAt).toBeTruthy();
    const after = await master(supplierA.supplierId);
    expect(after.versionNum).toBe(supplierA.versionNum + 1);
    expect(after.legalPerson).toBe('周立新');
    expect(after.accounts.map((line) => [line.bankAccountNumber, line.primaryFlag]).sort()).toEqual([
      ['32250198883600001234', 'Y'],
      ['512903887710888', 'N'],
    ]);
    expect(after.contacts.map((line) => line.contactName)).not.toContain('王强');
    expect(after.credentials.find((line) => line.credentialType === 'ISO9001')!.expiryDate).toBe(
      '2029-11-30',
    );
    // Lines kept their identity: the second account is the same row as before.
    const kept = supplierA.accounts.find((line) => line.bankAccountNumber === '512903887710888')!;
    expect(
      after.accounts.find((line) => line.bankAccountNumber === '512903887710888')!.supplierAccountId,
    ).toBe(kept.supplierAccountId);
    supplierA = after;
  });

  it('refuses to apply over a master that moved (409, nothing written); a rebase keeps what it changed', async () => {
    let draft = await open(supplierA, '注册资本增加');
    const edited = await save({
      changeId: draft.changeId,
      versionNum: draft.versionNum,
      registeredCapital: 8000000,
    });
    expect(edited.body.status, edited.body.msg).toBe('S');
    draft = edited.body.data;
    await touchMaster(supplierA.supplierId, {
      website: 'https://www.hengda-hw.example.cn',
      contactName: '陈晓梅（销售）',
    });

    const stale = await act('doSubmit', draft.changeId, draft.versionNum);
    expect([stale.httpStatus, stale.body.msg]).toEqual([
      422,
      `${String(supplierA.supplierName)} 的信息在此变更单打开后已被修改，请先点击“基于最新信息更新”再提交`,
    ]);
    expect((await diff(draft.changeId)).body.data.stale).toBe(true);

    const rebased = await act('doRebase', draft.changeId, draft.versionNum);
    expect(rebased.body.status, rebased.body.msg).toBe('S');
    draft = await change(draft.changeId);
    const moved = await master(supplierA.supplierId);
    expect(draft.baseVersion).toBe(moved.versionNum);
    expect(draft.registeredCapital).toBe(8000000); // what the change changed
    expect(draft.contactName).toBe('陈晓梅（销售）'); // what the master changed meanwhile
    expect((await diff(draft.changeId)).body.data.sections.map((s) => s.fields.map((f) => f.label))).toEqual([
      ['注册资本'],
    ]);

    const submitted = await act('doSubmit', draft.changeId, draft.versionNum);
    expect(submitted.body.status, submitted.body.msg).toBe('S');
    await touchMaster(supplierA.supplierId, { website: 'https://hengda-hw.example.cn' });
    const before = await master(supplierA.supplierId);
    await expect(decideAll(server.runtime, 'srmSupplierChange', draft.changeId, 'approve')).rejects.toThrow();
    const untouched = await master(supplierA.supplierId);
    expect([untouched.versionNum, untouched.registeredCapital]).toEqual([
      before.versionNum,
      before.registeredCapital,
    ]);
    expect((await change(draft.changeId)).status).toBe('APPROVING');
    await decideAll(
      server.runtime,
      'srmSupplierChange',
      draft.changeId,
      'reject',
      '信息已变化，请更新后重新提交',
    );
    supplierA = untouched;
  });

  it('abolished, leaves the master untouched', async () => {
    const rejected = await server.first<Change>('srmSupplierChange', {
      supplierId: supplierA.supplierId,
      status: 'REJECTED',
    });
    const abolished = await act('doAbolish', rejected.changeId, rejected.versionNum);
    expect(abolished.body.status, abolished.body.msg).toBe('S');
    const after = await master(supplierA.supplierId);
    expect([after.versionNum, after.registeredCapital]).toEqual([
      supplierA.versionNum,
      supplierA.registeredCapital,
    ]);
  });
});

describe('a change from the supplier’s portal', () => {
  it('is opened and submitted by the supplier for itself; supplier B sees and reaches none of it', async () => {
    const a = supplierUser(supplierA.supplierId);
    const b = supplierUser(supplierB.supplierId);
    const mine = await open(supplierA, '联系人手机号变更', a);
    const edited = await save(
      { changeId: mine.changeId, versionNum: mine.versionNum, contactMobile: '13862119999' },
      a,
    );
    expect(edited.body.status, edited.body.msg).toBe('S');
    const submitted = await server.post(
      CHANGE('doSubmit'),
      { changeId: mine.changeId, versionNum: edited.body.data.versionNum },
      { actor: a },
    );
    expect(submitted.body.status, submitted.body.msg).toBe('S');

    const foreign = await server.post(CHANGE('findById'), { changeId: mine.changeId }, { actor: b });
    expect(foreign.httpStatus).toBe(404);
    const foreignDiff = await diff(mine.changeId, b);
    expect(foreignDiff.httpStatus).toBe(404);
    expect(JSON.stringify(foreignDiff.body)).not.toContain('13862119999');
    const list = await server.post<Row[]>(CHANGE('listByPage'), {}, { actor: b });
    expect(list.body.data).toEqual([]);
    // B cannot open a change of A's master either.
    const intruding = await save(opening(supplierA, '冒名变更'), b);
    expect(intruding.body.status).toBe('E');
    expect(JSON.stringify(intruding.body)).not.toContain(String(supplierA.supplierName));
  });
});
