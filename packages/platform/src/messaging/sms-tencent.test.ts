// The Tencent Cloud SMS adapter against a gateway in this process that speaks SendSms (API 3.0):
// it checks each call's TC3-HMAC-SHA256 signature (computed here on its own, from the documented
// algorithm), the headers and the body, and answers as Tencent does. A signed call with the
// template's values in their numbered order is sent; a refused number fails for good; throttling
// and Tencent's own errors are worth another attempt; a wrong secret is refused by the gateway.
import { createHash, createHmac } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tencentSmsProvider } from './sms';

const SECRET_ID = 'AKIDtest0123456789';
const SECRET_KEY = 'tencent-secret-key/+=';
const APP_ID = '1400000001';

type Body = {
  PhoneNumberSet: string[];
  SmsSdkAppId: string;
  SignName: string;
  TemplateId: string;
  TemplateParamSet: string[];
  SessionContext: string;
};
const accepted: Body[] = [];
const answers: string[] = [];
let gateway: Server;
let endpoint = '';

/** TC3-HMAC-SHA256 as Tencent's documentation lays it out, step by step. */
function expectedAuthorization(host: string, timestamp: string, body: string): string {
  const hash = (text: string) => createHash('sha256').update(text).digest('hex');
  const date = new Date(Number(timestamp) * 1000).toISOString().slice(0, 10);
  const canonicalRequest =
    'POST\n/\n\n' +
    `content-type:application/json; charset=utf-8\nhost:${host}\nx-tc-action:sendsms\n\n` +
    'content-type;host;x-tc-action\n' +
    hash(body);
  const credentialScope = `${date}/sms/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${credentialScope}\n${hash(canonicalRequest)}`;
  const secretDate = createHmac('sha256', `TC3${SECRET_KEY}`).update(date).digest();
  const secretService = createHmac('sha256', secretDate).update('sms').digest();
  const secretSigning = createHmac('sha256', secretService).update('tc3_request').digest();
  const signature = createHmac('sha256', secretSigning).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${SECRET_ID}/${credentialScope}, SignedHeaders=content-type;host;x-tc-action, Signature=${signature}`;
}

beforeAll(async () => {
  gateway = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const answer = (payload: Record<string, unknown>) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ Response: { ...payload, RequestId: 'req-1' } }));
      };
      const headers = request.headers;
      if (
        headers['x-tc-action'] !== 'SendSms' ||
        headers['x-tc-version'] !== '2021-01-11' ||
        headers.authorization !==
          expectedAuthorization(String(headers.host), String(headers['x-tc-timestamp']), raw)
      )
        return answer({ Error: { Code: 'AuthFailure.SignatureFailure', Message: 'signature mismatch' } });
      const body = JSON.parse(raw) as Body;
      const next = answers.shift() ?? 'Ok';
      if (next.startsWith('Error:')) return answer({ Error: { Code: next.slice(6), Message: 'refused' } });
      if (next === 'Ok') accepted.push(body);
      return answer({
        SendStatusSet: [
          {
            SerialNo: next === 'Ok' ? `2640:${accepted.length}` : '',
            PhoneNumber: body.PhoneNumberSet[0],
            Code: next,
            Message: next === 'Ok' ? 'send success' : 'refused',
            SessionContext: body.SessionContext,
          },
        ],
      });
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => gateway?.close(resolve));
});

const request = {
  phone: '13900001111',
  text: '【示例科技】验证码 483920，10 分钟内有效',
  templateCode: '1874001',
  signName: '示例科技',
  params: { '2': '10', '1': '483920' },
  outId: 'srm-sms-42-abcd1234',
};

describe('Tencent Cloud SMS', () => {
  it('sends a signed call with the number in E.164 and the values in their numbered order', async () => {
    const sms = tencentSmsProvider({
      secretId: SECRET_ID,
      secretKey: SECRET_KEY,
      sdkAppId: APP_ID,
      endpoint,
    });
    const delivery = await sms.send(request);
    expect(delivery).toMatchObject({ status: 'SENT', providerRef: '2640:1', transient: false, error: null });
    expect(accepted.at(-1)).toEqual({
      PhoneNumberSet: ['+8613900001111'],
      SmsSdkAppId: APP_ID,
      SignName: '示例科技',
      TemplateId: '1874001',
      TemplateParamSet: ['483920', '10'],
      SessionContext: 'srm-sms-42-abcd1234',
    });
  });

  it('fails an invalid number for good, and throttling or its own error for now', async () => {
    const sms = tencentSmsProvider({
      secretId: SECRET_ID,
      secretKey: SECRET_KEY,
      sdkAppId: APP_ID,
      endpoint,
    });
    answers.push('InvalidParameterValue.IncorrectPhoneNumber');
    expect(await sms.send(request)).toMatchObject({
      status: 'FAILED',
      transient: false,
      error: 'InvalidParameterValue.IncorrectPhoneNumber: refused',
    });
    answers.push('LimitExceeded.PhoneNumberThirtySecondLimit');
    expect(await sms.send(request)).toMatchObject({ status: 'FAILED', transient: true });
    answers.push('Error:InternalError.Timeout');
    expect(await sms.send(request)).toMatchObject({ status: 'FAILED', transient: true });
  });

  it('is refused with a wrong secret, and says so without the secret; a template is required', async () => {
    const wrong = tencentSmsProvider({
      secretId: SECRET_ID,
      secretKey: 'not-the-key',
      sdkAppId: APP_ID,
      endpoint,
    });
    const refused = await wrong.send(request);
    expect(refused).toMatchObject({ status: 'FAILED', transient: false });
    expect(refused.error).toMatch(/^AuthFailure.SignatureFailure/);
    expect(refused.error).not.toContain('not-the-key');
    const untemplated = await wrong.send({ ...request, templateCode: null });
    expect(untemplated.error).toMatch(/^NO_TEMPLATE/);
  });
});
