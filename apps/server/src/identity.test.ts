// Sign-in, sessions, request signing, passwords and permissions, through the client written
// from docs/api.md, against the real policy, with a real SMTP server receiving the mail.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_DIRECTORY_PATH } from '@srm/kernel';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { domainSeeds } from '@srm/domain/server';
import {
  ApiClient,
  appSignOf,
  signatureOf,
  startMailbox,
  type Mailbox,
  waitFor,
} from '@srm/platform/testing';
import { decideTask } from './bpm.testing';
import { repoRoot } from './paths';
import { startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;
let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ policy: 'signIn', seeds: domainSeeds, smtpUrl: mailbox.url });
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

const client = () => new ApiClient(server.url);

async function signedInAs(userName: string, password = DEMO_PASSWORD): Promise<ApiClient> {
  const api = client();
  const answer = await api.login(userName, password);
  expect(answer.body.status, answer.body.msg).toBe('S');
  return api;
}

describe('docs/api.md', () => {
  it("the worked example's appsign and parameterSignature are what a client following the page computes", async () => {
    const doc = readFileSync(join(repoRoot, 'docs/api.md'), 'utf8');
    const key = /signKey = ([\w-]+)`/.exec(doc)![1]!;
    const timestamp = /timestamp = (\d+)`/.exec(doc)![1]!;
    const [, method, path] = /```\n(POST) (\S+)\n/.exec(doc)!;
    const body = /```\nPOST \S+\n(.+)\n```/.exec(doc)![1]!;
    expect(doc).toContain(
      `\`appsign\` = \`sha256hex\` of that =\n  \`${await appSignOf('srm-web', timestamp)}\``,
    );
    expect(doc).toContain(
      `\`parameterSignature\` = \`${await signatureOf(key, method!, path!, timestamp, body)}\``,
    );
  });

  it('lists exactly the public endpoints the server has', () => {
    const doc = readFileSync(join(repoRoot, 'docs/api.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Public endpoints'), doc.indexOf('## Signing in'));
    const publicRoutes = server.app.routeInventory.filter(
      (r) => r.access === 'public' && r.url.startsWith('/api/'),
    );
    for (const route of publicRoutes) {
      const [, service, rest] = /^\/api\/(\w+)(.*)$/.exec(route.url)!;
      const entityEndpoint = /^\/v1\/(\w+)Restful\/(\w+)$/.exec(rest!);
      const documented = entityEndpoint
        ? table.includes(entityEndpoint[1]!) && table.includes(entityEndpoint[2]!)
        : table.includes(`/api/${service}${rest!.replace(/:(\w+)/g, '{$1}')}`);
      expect(documented, `${route.method} ${route.url} is public but not listed in docs/api.md`).toBe(true);
    }
  });
});

describe('every route declares who may call it', () => {
  it('no /api route is without a declared access, and entity routes ask the policy', () => {
    const routes = server.app.routeInventory;
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      if (!route.url.startsWith('/api/')) continue;
      expect(route.access, `${route.method} ${route.url}`).toBeTruthy();
    }
  });

  it('an unsigned call to any entity endpoint is a 401', async () => {
    for (const route of server.app.routeInventory.filter((r) => r.access === 'entity').slice(0, 60)) {
      const response = await fetch(server.url + route.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status, route.url).toBe(401);
    }
  });
});

describe('signing in', () => {
  it('an unknown user and a wrong password get the same answer', async () => {
    const unknown = await client().login('nobody_here', 'Whatever1!');
    const wrong = await client().login('finance', 'Whatever1!');
    expect(unknown.httpStatus).toBe(401);
    expect(wrong.httpStatus).toBe(401);
    expect(unknown.body.msg).toBe('用户名或密码错误');
    expect(wrong.body.msg).toBe(unknown.body.msg);
  });

  it('asks for a captcha after 3 failures and locks the name after 10', async () => {
    const api = client();
    for (let i = 0; i < 3; i++) await api.login('approver', 'Wrong-pass1');
    const needsCaptcha = await api.login('approver', DEMO_PASSWORD);
    expect(needsCaptcha.httpStatus).toBe(400);
    expect(needsCaptcha.body.msg).toBe('请输入验证码');
    const image = await api.call<{ captchaId: string; image: string }>(
      '/api/base/v1/auth/generateRandomValidate',
    );
    expect(image.body.data.image).toMatch(/^data:image\/png;base64,iVBOR/);
    const known = await server.identity.newCaptcha('K7QX');
    const wrongCaptcha = await api.login('approver', DEMO_PASSWORD, {
      captchaId: (await server.identity.newCaptcha('ZZZZ')).captchaId,
      captchaCode: 'abcd',
    });
    expect(wrongCaptcha.body.msg).toBe('验证码错误或已过期');
    const withCaptcha = await api.login('approver', DEMO_PASSWORD, {
      captchaId: known.captchaId,
      captchaCode: 'k7qx',
    });
    expect(withCaptcha.body.status, withCaptcha.body.msg).toBe('S');

    for (let i = 0; i < 9; i++) {
      const captcha = await server.identity.newCaptcha('ABCD');
      await api.login(
        'finance',
        'Wrong-pass1',
        i >= 3 ? { captchaId: captcha.captchaId, captchaCode: 'ABCD' } : undefined,
      );
    }
    const tenth = await server.identity.newCaptcha('ABCD');
    const locked = await api.login('finance', 'Wrong-pass1', {
      captchaId: tenth.captchaId,
      captchaCode: 'ABCD',
    });
    expect(locked.httpStatus).toBe(403);
    expect(locked.body.msg).toBe('账户已锁定，请 30 分钟后再试或联系管理员');
    const evenRight = await api.login('finance', DEMO_PASSWORD);
    expect(evenRight.httpStatus).toBe(403);
    server.clock.travel(31 * 60_000);
    try {
      const afterLock = await api.login('finance', DEMO_PASSWORD);
      expect(afterLock.body.status, afterLock.body.msg).toBe('S');
    } finally {
      server.clock.travel(-31 * 60_000);
    }
  });

  it('the password travels RSA-OAEP encrypted; a plain one is refused', async () => {
    const plain = await client().call('/api/base/v1/auth/login', {
      userName: 'buyer',
      password: DEMO_PASSWORD,
    });
    expect(plain.httpStatus).toBe(400);
  });
});

describe('signed requests', () => {
  it('a signed request passes; unsigned, stale, tampered and replayed ones are refused', async () => {
    const api = await signedInAs('buyer');
    const path = '/api/base/v1/auth/current';
    expect((await api.call(path)).body.status).toBe('S');
    const unsigned = await api.send(path, '{}', { AuthorizationCode: api.session!.authorizationCode });
    expect(unsigned.httpStatus).toBe(401);
    api.clockSkew = -6 * 60_000;
    const stale = await api.call(path);
    expect(stale.httpStatus).toBe(401);
    expect(stale.body.msg).toBe('请求时间与服务器时间相差过大，请校准本机时间后重试');
    api.clockSkew = 0;
    const listPath = '/api/srm/v1/srmBaseOrgRestful/listByPage';
    const headers = await api.signedHeaders(listPath, '{"pageRows":5}');
    const tampered = await api.send(listPath, '{"pageRows":500}', headers);
    expect(tampered.httpStatus).toBe(401);
    const first = await api.send(listPath, '{"pageRows":5}', headers);
    expect(first.body.status).toBe('S');
    const replay = await api.send(listPath, '{"pageRows":5}', headers);
    expect(replay.httpStatus).toBe(401);
    expect(replay.body.msg).toBe('该请求已处理过，不能重复提交');
  });
});

describe('sessions end', () => {
  it('at logout', async () => {
    const api = await signedInAs('buyer');
    expect((await api.call('/api/base/v1/auth/logout')).body.status).toBe('S');
    expect((await api.call('/api/base/v1/auth/current')).httpStatus).toBe(401);
  });

  it('after two idle hours, and twelve hours after sign-in whatever happens', async () => {
    const idle = await signedInAs('buyer');
    const travel = (ms: number, ...clients: ApiClient[]) => {
      server.clock.travel(ms);
      for (const api of clients) api.clockSkew += ms;
    };
    travel(2 * 3600_000 + 60_000, idle);
    try {
      const expired = await idle.call('/api/base/v1/auth/current');
      expect(expired.httpStatus).toBe(401);
      expect(expired.body.msg).toBe('请先登录');
    } finally {
      travel(-(2 * 3600_000 + 60_000), idle);
    }
    const busy = await signedInAs('buyer');
    let travelled = 0;
    try {
      for (let hour = 1; hour <= 12; hour++) {
        travel(3600_000, busy);
        travelled += 3600_000;
        const heartbeat = await busy.call('/api/base/v1/auth/heartbeat');
        expect(heartbeat.httpStatus, `hour ${hour}`).toBe(hour < 12 ? 200 : 401);
      }
    } finally {
      travel(-travelled, busy);
    }
  });

  it('when the password changes, for every session of the user', async () => {
    const first = await signedInAs('approver');
    const second = await signedInAs('approver');
    const weak = await second.call('/api/base/v1/auth/changePassword', {
      oldPassword: await second.encrypt(DEMO_PASSWORD),
      newPassword: await second.encrypt('short'),
    });
    expect(weak.body.msg).toBe('密码长度不能少于 8 位');
    second.language = 'EN';
    const simple = await second.call('/api/base/v1/auth/changePassword', {
      oldPassword: await second.encrypt(DEMO_PASSWORD),
      newPassword: await second.encrypt('abcdefgh1'),
    });
    expect(simple.body.msg).toBe(
      'The password must contain upper-case and lower-case letters, digits and symbols, and no spaces',
    );
    const changed = await second.call('/api/base/v1/auth/changePassword', {
      oldPassword: await second.encrypt(DEMO_PASSWORD),
      newPassword: await second.encrypt('N3w-Passw0rd!'),
    });
    expect(changed.body.status, changed.body.msg).toBe('S');
    expect((await first.call('/api/base/v1/auth/current')).httpStatus).toBe(401);
    expect((await second.call('/api/base/v1/auth/current')).httpStatus).toBe(401);
    expect((await client().login('approver', DEMO_PASSWORD)).httpStatus).toBe(401);
    const again = await signedInAs('approver', 'N3w-Passw0rd!');
    await again.call('/api/base/v1/auth/changePassword', {
      oldPassword: await again.encrypt('N3w-Passw0rd!'),
      newPassword: await again.encrypt(DEMO_PASSWORD),
    });
  });

  it('when an administrator disables the user, at its next request', async () => {
    const admin = await signedInAs('admin');
    const userName = `temp_${Date.now()}`;
    const created = await admin.call<Row>('/api/base/v1/baseUserRestful/saveOrUpdate', {
      userName,
      userFullName: '临时用户',
      userType: 'INTERNAL',
      languageCode: 'CN',
    });
    expect(created.body.status, created.body.msg).toBe('S');
    const reset = await admin.call('/api/base/v1/auth/resetPassword', {
      userId: created.body.data.userId,
      newPassword: await admin.encrypt('Temp-Pass1'),
    });
    expect(reset.body.status, reset.body.msg).toBe('S');
    expect(reset.body.msg).toBe(`已重置用户 ${userName} 的密码`);
    const temp = await signedInAs(userName, 'Temp-Pass1');
    expect((await temp.call('/api/base/v1/auth/current')).body.status).toBe('S');
    const disabled = await admin.call('/api/base/v1/baseUserRestful/doDisable', {
      userId: created.body.data.userId,
    });
    expect(disabled.body.status, disabled.body.msg).toBe('S');
    expect((await temp.call('/api/base/v1/auth/current')).httpStatus).toBe(401);
    const login = await client().login(userName, 'Temp-Pass1');
    expect(login.body.msg).toBe('账户已停用或不在有效期内，请联系管理员');
  });
});

describe('grants of a responsibility', () => {
  it('follow the assignment and responsibility dates, enabled roles and menus, and the permits, read in one statement', async () => {
    const db = server.database.db;
    const user = (await server.identity.findUser({ userName: 'buyer' }))!;
    const [own] = await server.identity.responsibilitiesOf(user);
    const id = own!.responsibilityId;
    const grants = () => server.identity.grants(user, id);
    const before = await grants();
    expect(before.responsibilityId).toBe(id);
    expect(before.resources.has('srmBaseItem.save')).toBe(true);
    expect(before.readable.has('srmBaseItem')).toBe(true);
    const menus = await queryRows<{ menu_id: number | string }>(
      db,
      sql`select distinct m.menu_id from base_responsibility_role rr
      join base_role_menu rm on rm.role_id = rr.role_id join base_menu m on m.menu_id = rm.menu_id
      where rr.responsibility_id = ${id} and m.enabled = 'Y' order by 1`,
    );
    expect(before.menuIds).toEqual(menus.map((row) => Number(row.menu_id)));
    const permits = await queryRows<{ org_id: number | string }>(
      db,
      sql`select org_id from base_user_org_permit where user_id = ${user.userId} order by 1`,
    );
    expect(before.orgIds).toEqual(
      user.allOrgsFlag === 'Y' ? 'all' : permits.map((row) => Number(row.org_id)),
    );
    // Another user's responsibility grants nothing.
    const admin = (await server.identity.findUser({ userName: 'admin' }))!;
    const [adminOwn] = await server.identity.responsibilitiesOf(admin);
    const foreign = await server.identity.grants(user, adminOwn!.responsibilityId);
    expect(foreign).toMatchObject({ responsibilityId: null, menuIds: [] });
    expect(foreign.resources.size).toBe(0);
    try {
      // The assignment ended: nothing (the trigger's notice clears the cache).
      await db.execute(sql`update base_user_responsibility set end_date = '2000-01-01'
        where user_id = ${user.userId} and responsibility_id = ${id}`);
      const ended = await waitFor(grants, (found) => found.responsibilityId === null, 10_000);
      expect(ended.resources.size).toBe(0);
      expect(ended.menuIds).toEqual([]);
      await db.execute(sql`update base_user_responsibility set end_date = null
        where user_id = ${user.userId} and responsibility_id = ${id}`);
      await waitFor(grants, (found) => found.responsibilityId === id, 10_000);
      // Its roles disabled: still the user's, but no menu and no resource code.
      await db.execute(sql`update base_role set enabled_flag = 'N'
        where role_id in (select role_id from base_responsibility_role where responsibility_id = ${id})`);
      const roleless = await waitFor(grants, (found) => found.resources.size === 0, 10_000);
      expect(roleless).toMatchObject({ responsibilityId: id, menuIds: [] });
    } finally {
      await db.execute(sql`update base_user_responsibility set end_date = null
        where user_id = ${user.userId} and responsibility_id = ${id}`);
      await db.execute(sql`update base_role set enabled_flag = 'Y'
        where role_id in (select role_id from base_responsibility_role where responsibility_id = ${id})`);
    }
    const after = await waitFor(grants, (found) => found.resources.size === before.resources.size, 10_000);
    expect([...after.resources].sort()).toEqual([...before.resources].sort());
  });
});

describe('a forgotten password', () => {
  it('is reset with a code sent by e-mail through SMTP', async () => {
    const api = client();
    const sent = await api.call('/api/base/v1/auth/forget/sendCode', { userName: 'buyer', channel: 'EMAIL' });
    expect(sent.body.status).toBe('S');
    const unknown = await api.call('/api/base/v1/auth/forget/sendCode', {
      userName: 'nobody_here',
      channel: 'EMAIL',
    });
    expect(unknown.body.msg).toBe(sent.body.msg);
    const [, code] = await mailbox.waitFor('zhangwei@demo.srm.example.cn', /验证码为 (\d{6})/);
    const wrong = await api.call('/api/base/v1/auth/forget/reset', {
      userName: 'buyer',
      code: '000000',
      newPassword: await api.encrypt('Reset-Pass9'),
    });
    expect(wrong.body.msg).toBe('验证码错误或已过期');
    const reset = await api.call('/api/base/v1/auth/forget/reset', {
      userName: 'buyer',
      code,
      newPassword: await api.encrypt('Reset-Pass9'),
    });
    expect(reset.body.status, reset.body.msg).toBe('S');
    const again = await api.call('/api/base/v1/auth/forget/reset', {
      userName: 'buyer',
      code,
      newPassword: await api.encrypt('Reset-Pass8'),
    });
    expect(again.httpStatus).toBe(400);
    const signedIn = await signedInAs('buyer', 'Reset-Pass9');
    await signedIn.call('/api/base/v1/auth/changePassword', {
      oldPassword: await signedIn.encrypt('Reset-Pass9'),
      newPassword: await signedIn.encrypt(DEMO_PASSWORD),
    });
  });

  it('or by SMS, recorded for the administrator when no SMS provider is configured', async () => {
    await client().call('/api/base/v1/auth/forget/sendCode', { userName: 'finance', channel: 'SMS' });
    const admin = await signedInAs('admin');
    // Through the message outbox: a worker sends it at once.
    const message = await waitFor(
      async () => {
        const log = await admin.call<Row[]>('/api/message/v1/baseMessageLogRestful/listByPage', {
          channel: 'SMS',
        });
        expect(log.body.status, log.body.msg).toBe('S');
        return log.body.data.find((row) => row.recipient === '13800000004');
      },
      (found) => found !== undefined,
    );
    expect(message).toMatchObject({ sendStatus: 'RECORDED', purpose: 'PASSWORD_RESET_CODE' });
    expect(String(message!.content)).toMatch(/验证码为 \d{6}/);
  });
});

describe('permissions of the current responsibility', () => {
  it('an operation needs its resource code; reading needs the entity readable', async () => {
    const buyer = await signedInAs('buyer');
    expect((await buyer.call('/api/srm/v1/srmBaseOrgRestful/listByPage')).body.status).toBe('S');
    const save = await buyer.call('/api/srm/v1/srmBaseOrgRestful/saveOrUpdate', {
      orgCode: 'X',
      orgName: 'X',
      orgType: 'OU',
    });
    expect(save.httpStatus).toBe(403);
    expect(save.body.msg).toBe('您没有该操作的权限（srmBaseOrg.save）');
    expect((await buyer.call('/api/base/v1/baseUserRestful/listByPage')).httpStatus).toBe(403);
    const current = await buyer.call<{ resources: string[]; menus: Row[] }>('/api/base/v1/auth/current');
    expect(current.body.data.resources).toContain('srmBaseItem.save');
    expect(current.body.data.resources).not.toContain('srmBaseOrg.save');
    expect(current.body.data.menus.every((menu) => menu.enabled === 'Y')).toBe(true);
    expect(current.body.data.menus.some((menu) => menu.menuParentId === 0)).toBe(true);
  });

  it('a supplier user reads only its own supplier and never another one', async () => {
    const supplierB = await signedInAs('sup_b');
    const list = await supplierB.call<Row[]>('/api/srm/v1/srmSupplierInfoRestful/listByPage', {
      pageRows: 500,
    });
    expect(list.body.data.map((row) => row.supplierName)).toEqual(['宁波瑞丰电子科技有限公司']);
    expect(JSON.stringify(list.body)).not.toContain('恒达');
    // The header names the user's own supplier.
    const current = await supplierB.call<{ user: Row }>('/api/base/v1/auth/current');
    expect(current.body.data.user.supplierName).toBe('宁波瑞丰电子科技有限公司');
    // Its inspections and sample trials name internal users (inspectors, evaluators): naming them
    // opens no read of the users, theirs or anyone's.
    expect((await supplierB.call('/api/base/v1/baseUserRestful/listByPage')).httpStatus).toBe(403);
    const directory = await supplierB.call(USER_DIRECTORY_PATH, { keyword: '' });
    expect(directory.httpStatus).toBe(403);
    expect(JSON.stringify(directory.body)).not.toMatch(/buyer|采购/);
  });

  it('the user directory gives an internal user the ids and names of active colleagues, nothing more', async () => {
    const buyer = await signedInAs('buyer');
    const all = await buyer.call<Row[]>(USER_DIRECTORY_PATH, { pageRows: 50 });
    expect(all.body.status, all.body.msg).toBe('S');
    const rows = all.body.data;
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['userFullName', 'userId', 'userName']);
    const names = rows.map((row) => row.userName);
    expect(names).toContain('approver');
    // Supplier users are no colleagues.
    expect(names).not.toContain('sup_a');
    expect(all.body.page?.count).toBe(rows.length);

    const found = await buyer.call<Row[]>(USER_DIRECTORY_PATH, { keyword: 'approv' });
    expect(found.body.data.map((row) => row.userName)).toEqual(['approver']);
    const approverId = found.body.data[0]!.userId;
    const one = await buyer.call<Row[]>(USER_DIRECTORY_PATH, { userId: approverId });
    expect(one.body.data).toEqual(found.body.data);

    // A disabled colleague is offered no more, but a value naming one still shows the name.
    const admin = await signedInAs('admin');
    const created = await admin.call<Row>('/api/base/v1/baseUserRestful/saveOrUpdate', {
      userName: `leaver_${Date.now()}`,
      userFullName: '离职考察员',
      userType: 'INTERNAL',
      languageCode: 'CN',
    });
    expect(created.body.status, created.body.msg).toBe('S');
    const leaverId = created.body.data.userId;
    expect((await buyer.call<Row[]>(USER_DIRECTORY_PATH, { keyword: '离职' })).body.data).toHaveLength(1);
    const disabled = await admin.call('/api/base/v1/baseUserRestful/doDisable', { userId: leaverId });
    expect(disabled.body.status, disabled.body.msg).toBe('S');
    expect((await buyer.call<Row[]>(USER_DIRECTORY_PATH, { keyword: '离职' })).body.data).toEqual([]);
    const named = await buyer.call<Row[]>(USER_DIRECTORY_PATH, { userId: leaverId });
    expect(named.body.data.map((row) => row.userFullName)).toEqual(['离职考察员']);

    const tooMany = await buyer.call(USER_DIRECTORY_PATH, { pageRows: 500 });
    expect(tooMany.httpStatus).toBe(400);
    expect((await buyer.call(USER_DIRECTORY_PATH, { email: 'x' })).httpStatus).toBe(400);
  });
});

describe('supplier self-registration', () => {
  it('goes from /register to an approved supplier whose user can sign in', async () => {
    const company = client();
    const captcha = await server.identity.newCaptcha('REG2');
    const start = await company.call<Row>('/api/srm/v1/srmSupplierRegisterRestful/start', {
      companyName: '杭州远航包装材料有限公司',
      creditCode: '91330106MA2KX1RT5G',
      contactName: '赵敏',
      contactEmail: 'zhaomin@yuanhang-pack.example.cn',
      contactMobile: '13757190003',
      userName: 'yuanhang',
      captchaId: captcha.captchaId,
      captchaCode: 'REG2',
    });
    expect(start.body.status, start.body.msg).toBe('S');
    const { registerId, registerToken } = start.body.data as { registerId: number; registerToken: string };
    const token = { registerId, registerToken };
    const tooSoon = await company.call('/api/srm/v1/srmSupplierRegisterRestful/resendCode', token);
    expect(tooSoon.httpStatus).toBe(429);
    expect(tooSoon.body.msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    const early = await company.call('/api/srm/v1/srmSupplierRegisterRestful/submitMine', token);
    expect(early.body.msg).toBe('请先完成邮箱验证');
    const [, code] = await mailbox.waitFor('zhaomin@yuanhang-pack.example.cn', /邮箱验证码为 (\d{6})/);
    expect(
      (await company.call('/api/srm/v1/srmSupplierRegisterRestful/confirmEmail', { ...token, code })).body
        .status,
    ).toBe('S');
    const mine = await company.call<Row>('/api/srm/v1/srmSupplierRegisterRestful/findMine', token);
    const saved = await company.call<Row>('/api/srm/v1/srmSupplierRegisterRestful/saveMine', {
      ...token,
      versionNum: mine.body.data.versionNum,
      legalPerson: '赵德明',
      registeredCapital: 3000000,
      businessScope: '纸箱、泡沫、托盘等包装材料',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    const forged = await company.call('/api/srm/v1/srmSupplierRegisterRestful/findMine', {
      registerId,
      registerToken: 'x'.repeat(43),
    });
    expect(forged.httpStatus).toBe(403);
    expect((await company.call('/api/srm/v1/srmSupplierRegisterRestful/submitMine', token)).body.status).toBe(
      'S',
    );

    // The company may withdraw before anyone decided (the process ends), then submit again.
    const withdrawn = await company.call<Row>('/api/srm/v1/srmSupplierRegisterRestful/withdrawMine', token);
    expect(withdrawn.body.status, withdrawn.body.msg).toBe('S');
    expect(withdrawn.body.data.status).toBe('DRAFT');
    expect((await company.call('/api/srm/v1/srmSupplierRegisterRestful/submitMine', token)).body.status).toBe(
      'S',
    );
    // The submission started the approval process: the purchasing manager approves its task.
    const approver = await signedInAs('approver');
    const direct = await approver.call('/api/srm/v1/srmSupplierRegisterRestful/doApproval', { registerId });
    expect(direct.httpStatus).toBe(403);
    const decided = await decideTask(approver, 'srmSupplierRegister', registerId);
    expect(decided?.body.status, decided?.body.msg ?? 'no task').toBe('S');
    const approved = await approver.call<Row>('/api/srm/v1/srmSupplierRegisterRestful/findById', {
      registerId,
    });
    expect(approved.body.status, approved.body.msg).toBe('S');
    expect(approved.body.data).toMatchObject({
      status: 'APPROVED',
      supplierName: '杭州远航包装材料有限公司',
    });
    const [, password] = await mailbox.waitFor('zhaomin@yuanhang-pack.example.cn', /初始密码：(\S+)/);
    const newUser = client();
    const login = await newUser.login('yuanhang', password!);
    expect(login.body.status, login.body.msg).toBe('S');
    expect(login.body.data.mustChangePassword).toBe(true);
    const current = await newUser.call<{ user: Row; menus: Row[] }>('/api/base/v1/auth/current');
    expect(current.body.data.user).toMatchObject({
      userType: 'EXTERNAL',
      supplierName: '杭州远航包装材料有限公司',
    });
    expect(current.body.data.menus.map((menu) => menu.menuCode)).toContain('EXT_SUPPLIER_INFO');
  });

  it('refuses a credit code that already belongs to a supplier', async () => {
    const captcha = await server.identity.newCaptcha('DUPE');
    const answer = await client().call('/api/srm/v1/srmSupplierRegisterRestful/start', {
      companyName: '重复公司',
      creditCode: '91320505MA1NH7QX3R',
      contactName: '某人',
      contactEmail: 'someone@example.cn',
      contactMobile: '13700000009',
      userName: 'dupe_company',
      captchaId: captcha.captchaId,
      captchaCode: 'DUPE',
    });
    expect(answer.httpStatus).toBe(409);
    expect(answer.body.msg).toBe('该统一社会信用代码已是本平台供应商');
  });
});

describe('recent work', () => {
  it('lists the documents the user touched last, only those it may still read', async () => {
    const admin = await signedInAs('admin');
    const saved = await admin.call<Row>('/api/srm/v1/srmBaseCurrencyRestful/saveOrUpdate', {
      currencyCode: 'SGD',
      currencyName: '新加坡元',
      precisionNum: 2,
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    const recent = await admin.call<Row[]>('/api/base/v1/auth/recentWork');
    expect(recent.body.status, recent.body.msg).toBe('S');
    expect(recent.body.data[0]).toMatchObject({
      entity: 'srmBaseCurrency',
      recordId: saved.body.data.currencyId,
      title: 'SGD',
      action: 'create',
    });
    // The supplier's own recent work (its demo documents) never includes the administrator's.
    const supplier = await signedInAs('sup_a');
    const answer = await supplier.call<Row[]>('/api/base/v1/auth/recentWork');
    expect(answer.body.status, answer.body.msg).toBe('S');
    const theirs = answer.body.data;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((row) => row.entity === 'srmBaseCurrency')).toEqual([]);
    // Finance's demo payments are listed; the ledger rows they posted are not work of their own.
    const finance = await signedInAs('finance');
    const posted = (await finance.call<Row[]>('/api/base/v1/auth/recentWork')).body.data.map(
      (row) => row.entity,
    );
    expect(posted).toContain('srmStlPaymentHeader');
    expect(posted).not.toContain('srmStlLedger');
  });
});

describe('background exports', () => {
  it('whoever may export a list follows their background exports; who may export nothing does not', async () => {
    const buyer = await signedInAs('buyer');
    const submitted = await buyer.call<Row>('/api/report/v1/baseReportBackExportRestful/doBackExport', {
      paramsValue: JSON.stringify({
        requestUrl: '/api/srm/v1/srmBaseUomRestful/listByPage',
        requestParams: {},
        columns: [{ key: 'uomCode' }],
      }),
      fileName: 'units.xlsx',
    });
    expect(submitted.body.status, submitted.body.msg).toBe('S');
    const list = await buyer.call<Row[]>('/api/report/v1/baseReportBackExportRestful/listByPage', {});
    expect(list.body.status, list.body.msg).toBe('S');
    expect(list.body.data.map((row) => row.exportNumber)).toContain(submitted.body.msg);
    const found = await buyer.call<Row>('/api/report/v1/baseReportBackExportRestful/findById', {
      reportBackExportId: submitted.body.data.reportBackExportId,
    });
    expect(found.body.status, found.body.msg).toBe('S');
    // A supplier user sees no one else's exports: refused when it may export nothing, else only
    // its own (each user's own exports are narrowed by the export routes: back-export.test.ts).
    const supplier = await signedInAs('sup_a');
    const theirs = await supplier.call<Row[]>('/api/report/v1/baseReportBackExportRestful/listByPage', {});
    if (theirs.httpStatus !== 403) {
      expect(theirs.body.status, theirs.body.msg).toBe('S');
      expect(theirs.body.data.map((row) => row.exportNumber)).not.toContain(submitted.body.msg);
    }
  });
});
