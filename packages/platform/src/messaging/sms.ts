// SMS providers (短信通道). The platform hands a provider a number, the provider's template code
// and signature, the template's parameters and our own id of the message (the out id, the same
// on every retry), and gets back the provider's id of it or a refusal it classifies: for now (a
// retry may pass) or for good (an invalid number, a template the provider does not know). Two
// adapters: the recording one (the default: the message is only kept in the message log for an
// administrator to read), Aliyun's SMS API (SRM_SMS_PROVIDER=aliyun, ADR 0038) and Tencent Cloud's
// (SRM_SMS_PROVIDER=tencent).
import { createHash, createHmac, randomUUID } from 'node:crypto';

export interface SmsRequest {
  /** The mobile number, as the user or contact gave it. */
  readonly phone: string;
  /** The rendered text (kept in the log; providers that take whole texts send it). */
  readonly text: string;
  /** The provider's template code (SMS_123456789) and signature (【…】), from the message template. */
  readonly templateCode: string | null;
  readonly signName: string | null;
  /** The template's values, plain. */
  readonly params: Readonly<Record<string, string>>;
  /** Our id of the message, the same on every attempt: the provider's receipts name it. */
  readonly outId: string;
}

/** How one SMS went. */
export interface SmsDelivery {
  readonly status: 'SENT' | 'RECORDED' | 'FAILED';
  /** The provider's id of the message (its receipts name it too). */
  readonly providerRef: string | null;
  /** The HTTP status of the provider's answer, when it answered. */
  readonly code: number | null;
  /** A refusal a later attempt may get past (throttled, the provider's own error, no answer). */
  readonly transient: boolean;
  readonly error: string | null;
}

export interface SmsProvider {
  /** Who it is, for the log (`recording`, `aliyun`). */
  readonly name: string;
  send(request: SmsRequest): Promise<SmsDelivery>;
}

/** The default adapter: nothing leaves the machine; the message log keeps the text. */
export const recordingSmsProvider: SmsProvider = {
  name: 'recording',
  send: async (request) => ({
    status: 'RECORDED',
    providerRef: `REC-${request.outId}`.slice(0, 120),
    code: null,
    transient: false,
    error: null,
  }),
};

/** A call that got no answer (a network failure, a timeout): worth another attempt. */
function unanswered(failure: unknown): SmsDelivery {
  return {
    status: 'FAILED',
    providerRef: null,
    code: null,
    transient: true,
    error: (failure instanceof Error ? failure.message : String(failure)).slice(0, 500),
  };
}

/**
 * A provider's answer as a delivery: sent with its id of the message, or refused with its code
 * and message, for now (a 5xx, a code the provider means as "later") or for good.
 */
function answered(
  response: Response,
  sent: boolean,
  code: string,
  providerRef: unknown,
  message: unknown,
  later: boolean,
): SmsDelivery {
  if (sent)
    return {
      status: 'SENT',
      providerRef: typeof providerRef === 'string' ? providerRef.slice(0, 120) : null,
      code: response.status,
      transient: false,
      error: null,
    };
  return {
    status: 'FAILED',
    providerRef: null,
    code: response.status,
    transient: response.status >= 500 || later,
    error: `${code}: ${typeof message === 'string' ? message : ''}`.slice(0, 500),
  };
}

/** RFC 3986 encoding, as Aliyun's signature wants it (`*` and `'()!` encoded, `~` not). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The signature of an Aliyun RPC call (signature version 1.0): the parameters sorted by name,
 * encoded, joined, then `GET&%2F&<that, encoded>` signed with HMAC-SHA1 under `secret&`.
 */
export function aliyunSignature(
  method: 'GET' | 'POST',
  params: Readonly<Record<string, string>>,
  secret: string,
): string {
  const canonical = Object.keys(params)
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name]!)}`)
    .join('&');
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

/** Aliyun's codes a later attempt may get past: its own errors and throttling. */
function transientAliyunCode(code: string): boolean {
  return code.startsWith('isp.') || code.includes('LIMIT_CONTROL') || code.startsWith('Throttling');
}

export interface AliyunSmsOptions {
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
  /** https://dysmsapi.aliyuncs.com/ unless told (a test's own server). */
  readonly endpoint?: string;
  readonly regionId?: string;
  /** Milliseconds before a call counts as unanswered (default 15,000). */
  readonly timeoutMs?: number;
}

/** Aliyun's SendSms (dysmsapi 2017-05-25), signed with an AccessKey. */
export function aliyunSmsProvider(options: AliyunSmsOptions): SmsProvider {
  const endpoint = options.endpoint ?? 'https://dysmsapi.aliyuncs.com/';
  return {
    name: 'aliyun',
    async send(request) {
      if (!request.templateCode || !request.signName)
        return {
          status: 'FAILED',
          providerRef: null,
          code: null,
          transient: false,
          error: 'NO_TEMPLATE: 阿里云短信需要消息模板中的模板编号和签名',
        };
      const params: Record<string, string> = {
        AccessKeyId: options.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        OutId: request.outId,
        PhoneNumbers: request.phone,
        RegionId: options.regionId ?? 'cn-hangzhou',
        SignName: request.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: request.templateCode,
        TemplateParam: JSON.stringify(request.params),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const query = new URLSearchParams({
        ...params,
        Signature: aliyunSignature('GET', params, options.accessKeySecret),
      });
      let response: Response;
      try {
        response = await fetch(`${endpoint}?${query.toString()}`, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (failure) {
        return unanswered(failure);
      }
      const answer = (await response.json().catch(() => null)) as {
        Code?: unknown;
        Message?: unknown;
        BizId?: unknown;
      } | null;
      const code = typeof answer?.Code === 'string' ? answer.Code : `HTTP_${response.status}`;
      return answered(
        response,
        code === 'OK',
        code,
        answer?.BizId,
        answer?.Message,
        transientAliyunCode(code),
      );
    },
  };
}

const sha256hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac256 = (key: string | Buffer, text: string) =>
  createHmac('sha256', key).update(text, 'utf8').digest();

/**
 * The Authorization header of a Tencent Cloud API 3.0 call (TC3-HMAC-SHA256): the canonical
 * request (method, path, empty query, the content-type, host and action headers, the body's
 * SHA-256) hashed into the string to sign, signed with a key derived from the secret through the
 * UTC date, the service and `tc3_request`.
 */
export function tencentAuthorization(call: {
  readonly secretId: string;
  readonly secretKey: string;
  readonly host: string;
  readonly action: string;
  readonly service: string;
  readonly timestamp: number;
  readonly body: string;
}): string {
  const date = new Date(call.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:application/json; charset=utf-8\nhost:${call.host}\nx-tc-action:${call.action.toLowerCase()}\n`,
    signedHeaders,
    sha256hex(call.body),
  ].join('\n');
  const scope = `${date}/${call.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(call.timestamp), scope, sha256hex(canonical)].join('\n');
  const key = hmac256(hmac256(hmac256(`TC3${call.secretKey}`, date), call.service), 'tc3_request');
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${call.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** Tencent's codes a later attempt may get past: its own errors and throttling. */
function transientTencentCode(code: string): boolean {
  return /^(InternalError|LimitExceeded|RequestLimitExceeded|ResourceUnavailable)/.test(code);
}

/**
 * A template's values in the order Tencent numbers them ({1}, {2}…): by their names when the
 * names are those numbers, else in the order the message gave them.
 */
export function tencentParamSet(params: Readonly<Record<string, string>>): string[] {
  const names = Object.keys(params);
  const numbered = names.every((name) => /^\d+$/.test(name));
  return (numbered ? names.sort((a, b) => Number(a) - Number(b)) : names).map((name) => params[name]!);
}

/** A mainland mobile number in E.164, as Tencent wants it; other forms are sent as given. */
const e164 = (phone: string) => (/^1\d{10}$/.test(phone) ? `+86${phone}` : phone);

export interface TencentSmsOptions {
  readonly secretId: string;
  readonly secretKey: string;
  /** The SMS application's SdkAppId (短信应用 ID). */
  readonly sdkAppId: string;
  /** https://sms.tencentcloudapi.com/ unless told (a test's own server). */
  readonly endpoint?: string;
  readonly region?: string;
  readonly timeoutMs?: number;
}

/** Tencent Cloud's SendSms (API 3.0, version 2021-01-11), signed with TC3-HMAC-SHA256. */
export function tencentSmsProvider(options: TencentSmsOptions): SmsProvider {
  const endpoint = options.endpoint ?? 'https://sms.tencentcloudapi.com/';
  const host = new URL(endpoint).host;
  return {
    name: 'tencent',
    async send(request) {
      if (!request.templateCode || !request.signName)
        return {
          status: 'FAILED',
          providerRef: null,
          code: null,
          transient: false,
          error: 'NO_TEMPLATE: 腾讯云短信需要消息模板中的模板编号和签名',
        };
      const body = JSON.stringify({
        PhoneNumberSet: [e164(request.phone)],
        SmsSdkAppId: options.sdkAppId,
        SignName: request.signName,
        TemplateId: request.templateCode,
        TemplateParamSet: tencentParamSet(request.params),
        // Comes back in the receipts: our out id.
        SessionContext: request.outId,
      });
      const timestamp = Math.floor(Date.now() / 1000);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            Host: host,
            'X-TC-Action': 'SendSms',
            'X-TC-Version': '2021-01-11',
            'X-TC-Timestamp': String(timestamp),
            'X-TC-Region': options.region ?? 'ap-guangzhou',
            Authorization: tencentAuthorization({
              secretId: options.secretId,
              secretKey: options.secretKey,
              host,
              action: 'SendSms',
              service: 'sms',
              timestamp,
              body,
            }),
          },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (failure) {
        return unanswered(failure);
      }
      type Status = { Code?: unknown; Message?: unknown; SerialNo?: unknown };
      const answer = (await response.json().catch(() => null)) as {
        Response?: { Error?: Status; SendStatusSet?: Status[] };
      } | null;
      // A refused call (signature, parameters) or the number's own status.
      const status = answer?.Response?.Error ?? answer?.Response?.SendStatusSet?.[0];
      const code = typeof status?.Code === 'string' ? status.Code : `HTTP_${response.status}`;
      const sent = code === 'Ok' && !answer?.Response?.Error;
      return answered(response, sent, code, status?.SerialNo, status?.Message, transientTencentCode(code));
    },
  };
}

/**
 * The provider the environment names: SRM_SMS_PROVIDER=aliyun or tencent with its key
 * (SRM_SMS_ACCESS_KEY_ID, SRM_SMS_ACCESS_KEY_SECRET; Tencent also SRM_SMS_APP_ID), else the
 * recording one.
 */
export function smsProviderFromEnv(env: NodeJS.ProcessEnv = process.env): SmsProvider {
  const provider = env.SRM_SMS_PROVIDER;
  if (provider !== 'aliyun' && provider !== 'tencent') return recordingSmsProvider;
  if (!env.SRM_SMS_ACCESS_KEY_ID || !env.SRM_SMS_ACCESS_KEY_SECRET)
    throw new Error(`SRM_SMS_PROVIDER=${provider} needs SRM_SMS_ACCESS_KEY_ID and SRM_SMS_ACCESS_KEY_SECRET`);
  if (provider === 'tencent') {
    if (!env.SRM_SMS_APP_ID) throw new Error('SRM_SMS_PROVIDER=tencent needs SRM_SMS_APP_ID (SdkAppId)');
    return tencentSmsProvider({
      secretId: env.SRM_SMS_ACCESS_KEY_ID,
      secretKey: env.SRM_SMS_ACCESS_KEY_SECRET,
      sdkAppId: env.SRM_SMS_APP_ID,
      ...(env.SRM_SMS_ENDPOINT ? { endpoint: env.SRM_SMS_ENDPOINT } : {}),
      ...(env.SRM_SMS_REGION ? { region: env.SRM_SMS_REGION } : {}),
    });
  }
  return aliyunSmsProvider({
    accessKeyId: env.SRM_SMS_ACCESS_KEY_ID,
    accessKeySecret: env.SRM_SMS_ACCESS_KEY_SECRET,
    ...(env.SRM_SMS_ENDPOINT ? { endpoint: env.SRM_SMS_ENDPOINT } : {}),
    ...(env.SRM_SMS_REGION ? { regionId: env.SRM_SMS_REGION } : {}),
  });
}
