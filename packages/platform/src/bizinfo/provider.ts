// The business-information service (工商信息, spec §7.2): a company's registration as the market
// regulator keeps it — name, legal person, registered capital, establish date, address, business
// scope, registration status — looked up by its unified social credit code, and the same read off
// a photo of its business licence (营业执照识别). Registrations and the supplier master pre-fill
// from it; nothing is written from it without the user seeing it. One interface, one HTTP client
// (SRM_BIZINFO_URL); the tests run the client against a stand-in (testing/bizinfo-peer.ts). An
// adapter to a real provider (企查查, 天眼查, a cloud OCR) maps its paths and fields onto these verbs.

/** A company as the register records it. Amounts in yuan; dates YYYY-MM-DD. */
export interface CompanyRecord {
  readonly creditCode: string;
  readonly companyName: string;
  readonly legalPerson: string | null;
  readonly registeredCapital: number | null;
  /** ISO code of the capital's currency (CNY, USD…). */
  readonly capitalCurrency: string | null;
  readonly establishDate: string | null;
  readonly address: string | null;
  readonly businessScope: string | null;
  /** 存续, 在业, 注销, 吊销… as the register words it. */
  readonly registrationStatus: string | null;
}

export type BusinessInfoErrorCode = 'UNAVAILABLE' | 'REFUSED' | 'UNREADABLE';

export class BusinessInfoError extends Error {
  constructor(
    readonly code: BusinessInfoErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BusinessInfoError';
  }
}

export interface BusinessInfoProvider {
  /** The service's base URL. */
  readonly name: string;
  /** The company registered under the credit code; null when the register has none. */
  lookup(creditCode: string): Promise<CompanyRecord | null>;
  /** What a photo or scan of a business licence says (UNREADABLE when it cannot be read). */
  recognizeLicence(image: Uint8Array, fileName: string): Promise<CompanyRecord>;
}

export interface HttpBusinessInfoOptions {
  readonly url: string;
  /** Sent as `Authorization: Bearer …`. */
  readonly appKey: string;
  /** Per request; 10 s by default. */
  readonly timeoutMs?: number;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** The record in an answer's `data`, checked field by field (a provider's answer is input). */
function recordOf(data: unknown): CompanyRecord {
  const row = (data ?? {}) as Record<string, unknown>;
  const creditCode = text(row.creditCode);
  const companyName = text(row.companyName);
  if (!creditCode || !companyName) throw new BusinessInfoError('UNAVAILABLE', 'answer without code or name');
  const capital = row.registeredCapital;
  const day = text(row.establishDate);
  return {
    creditCode,
    companyName,
    legalPerson: text(row.legalPerson),
    registeredCapital:
      typeof capital === 'number' && Number.isFinite(capital) && capital >= 0 ? capital : null,
    capitalCurrency: text(row.capitalCurrency),
    establishDate: day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null,
    address: text(row.address),
    businessScope: text(row.businessScope),
    registrationStatus: text(row.registrationStatus),
  };
}

export class HttpBusinessInfoProvider implements BusinessInfoProvider {
  readonly name: string;
  readonly #options: HttpBusinessInfoOptions;

  constructor(options: HttpBusinessInfoOptions) {
    this.#options = { ...options, url: options.url.replace(/\/$/, '') };
    this.name = this.#options.url;
  }

  async #call(path: string, init: RequestInit): Promise<{ status: number; data: unknown }> {
    const { url, appKey, timeoutMs = 10_000 } = this.#options;
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${appKey}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new BusinessInfoError('UNAVAILABLE', `no answer: ${(error as Error).message}`);
    }
    let body: { data?: unknown } = {};
    try {
      body = (await response.json()) as { data?: unknown };
    } catch {
      if (response.ok) throw new BusinessInfoError('UNAVAILABLE', 'not JSON');
    }
    if (response.status === 401 || response.status === 403)
      throw new BusinessInfoError('REFUSED', `refused (${response.status})`);
    return { status: response.status, data: body.data };
  }

  async lookup(creditCode: string): Promise<CompanyRecord | null> {
    const { status, data } = await this.#call(`/v1/companies/${encodeURIComponent(creditCode)}`, {
      method: 'GET',
    });
    if (status === 404) return null;
    if (status !== 200) throw new BusinessInfoError('UNAVAILABLE', `answered ${status}`);
    return recordOf(data);
  }

  async recognizeLicence(image: Uint8Array, fileName: string): Promise<CompanyRecord> {
    const { status, data } = await this.#call('/v1/licences/recognize', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(fileName) },
      body: image,
    });
    if (status === 422) throw new BusinessInfoError('UNREADABLE', 'the licence could not be read');
    if (status !== 200) throw new BusinessInfoError('UNAVAILABLE', `answered ${status}`);
    return recordOf(data);
  }
}

/** The service SRM_BIZINFO_URL names, with SRM_BIZINFO_KEY; none when unset. */
export function businessInfoFromEnvironment(
  env: NodeJS.ProcessEnv = process.env,
): BusinessInfoProvider | undefined {
  const url = env.SRM_BIZINFO_URL?.trim();
  if (!url) return undefined;
  const appKey = env.SRM_BIZINFO_KEY?.trim();
  if (!appKey) throw new Error('SRM_BIZINFO_URL needs SRM_BIZINFO_KEY');
  return new HttpBusinessInfoProvider({ url, appKey });
}
