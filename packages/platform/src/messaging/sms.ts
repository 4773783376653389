// SMS providers (短信通道). The platform hands a provider a number, the provider's template code
// and signature, the template's parameters and our own id of the message (the out id, the same
// on every retry), and gets back the provider's id of it or a refusal it classifies: for now (a
// retry may pass) or for good (an invalid number, a template the provider does not know). Two
// adapters: the recording one (the default: the message is only kept in the message log for an
// administrator to read) and Aliyun's SMS API (SRM_SMS_PROVIDER=aliyun, ADR 0038).
import { createHmac, randomUUID } from 'node:crypto';

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
        return {
          status: 'FAILED',
          providerRef: null,
          code: null,
          transient: true,
          error: (failure instanceof Error ? failure.message : String(failure)).slice(0, 500),
        };
      }
      const answer = (await response.json().catch(() => null)) as {
        Code?: unknown;
        Message?: unknown;
        BizId?: unknown;
      } | null;
      const code = typeof answer?.Code === 'string' ? answer.Code : `HTTP_${response.status}`;
      if (code === 'OK')
        return {
          status: 'SENT',
          providerRef: typeof answer?.BizId === 'string' ? answer.BizId.slice(0, 120) : null,
          code: response.status,
          transient: false,
          error: null,
        };
      return {
        status: 'FAILED',
        providerRef: null,
        code: response.status,
        transient: response.status >= 500 || transientAliyunCode(code),
        error: `${code}: ${typeof answer?.Message === 'string' ? answer.Message : ''}`.slice(0, 500),
      };
    },
  };
}

/** The provider the environment names: SRM_SMS_PROVIDER=aliyun with its key, else the recording one. */
export function smsProviderFromEnv(env: NodeJS.ProcessEnv = process.env): SmsProvider {
  if (env.SRM_SMS_PROVIDER !== 'aliyun') return recordingSmsProvider;
  if (!env.SRM_SMS_ACCESS_KEY_ID || !env.SRM_SMS_ACCESS_KEY_SECRET)
    throw new Error('SRM_SMS_PROVIDER=aliyun needs SRM_SMS_ACCESS_KEY_ID and SRM_SMS_ACCESS_KEY_SECRET');
  return aliyunSmsProvider({
    accessKeyId: env.SRM_SMS_ACCESS_KEY_ID,
    accessKeySecret: env.SRM_SMS_ACCESS_KEY_SECRET,
    ...(env.SRM_SMS_ENDPOINT ? { endpoint: env.SRM_SMS_ENDPOINT } : {}),
    ...(env.SRM_SMS_REGION ? { regionId: env.SRM_SMS_REGION } : {}),
  });
}
