// Programs over real HTTP on a real database: a parameter no request could satisfy is refused at
// the program's save (a lookup without its type, a reference to no entity, a value set filter on
// a field the entity does not have or with a value of the wrong kind), and a reference
// parameter's value set filter refuses at submit a row outside it, naming the parameter.
import { describe, expect, it } from 'vitest';
import { schedulerFixture } from '../scheduler.testing';

const { buyer, call, ok, program, submit, until } = schedulerFixture();
type Row = Record<string, unknown>;

const refParam = (extra: Row) => ({
  lineNum: 1,
  paramName: 'orgId',
  paramLabel: '组织',
  paramKind: 'REF',
  refEntity: 'srmBaseOrg',
  ...extra,
});

describe('program parameters', () => {
  it('a parameter no request could satisfy is refused at save, saying which and why', async () => {
    const refused = async (param: Row) => {
      const answer = await call('baseConcurrentProgram', 'saveOrUpdate', {
        programCode: `P_BAD_${Math.random().toString(36).slice(2, 8)}`.toUpperCase(),
        programName: 'bad',
        executableName: 'T_COUNT',
        params: [param],
      });
      expect(answer.body.status).toBe('E');
      return answer.body.msg;
    };
    expect(await refused({ ...refParam({}), paramKind: 'LOOKUP', refEntity: null })).toContain(
      '参数“组织”是值集类型，请填写值集类型',
    );
    expect(await refused(refParam({ refEntity: 'noSuchEntity' }))).toContain('参数“组织”引用的实体不存在');
    expect(await refused(refParam({ refFilter: { noSuchField: 'X' } }))).toContain(
      '字段 noSuchField 不存在或值的类型不符',
    );
    expect(await refused(refParam({ refFilter: { enabledFlag: 7 } }))).toContain('字段 enabledFlag');
    expect(await refused(refParam({ refFilter: ['Y'] }))).toContain('应为 JSON 对象');
  });

  it('a reference parameter’s value set filter refuses a row outside it at submit', async () => {
    const orgs: number[] = [];
    for (const [code, type] of [
      ['PF_OU', 'OU'],
      ['PF_INV', 'INV_ORG'],
    ] as const) {
      const saved = await ok<{ orgId: number }>('srmBaseOrg', 'saveOrUpdate', {
        orgCode: code,
        orgName: code,
        orgType: type,
      });
      orgs.push(saved.orgId);
    }
    const programId = await program('P_FILTERED', 'T_COUNT', {
      parallelFlag: 'Y',
      params: [refParam({ requiredFlag: 'Y', refFilter: { orgType: 'OU', enabledFlag: 'Y' } })],
    });
    const inside = await submit(programId, { orgId: orgs[0] });
    expect((await until(inside.requestId, ['COMPLETED'])).statusCode).toBe('NORMAL');
    const outside = await call(
      'baseConcurrentRequest',
      'doSubmit',
      { programId, parameters: { orgId: orgs[1] } },
      buyer(),
    );
    expect(outside.httpStatus).toBe(422);
    expect(outside.body.msg).toBe('参数“组织”的值不在允许的范围内');
  });
});
