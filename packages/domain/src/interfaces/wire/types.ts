// The shapes the outbound-interface engine passes between its parts: a rendered call, an answer
// or a failure on the wire, and the field-map rows a definition carries (docs/integrations.md).

export const BODY_FORMATS = ['JSON', 'XML', 'FORM'] as const;
export type BodyFormat = (typeof BODY_FORMATS)[number];

export const HTTP_METHODS = ['POST', 'PUT', 'PATCH', 'GET', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Where a request map takes its value from. */
export const MAP_SOURCES = ['FIELD', 'CONSTANT', 'PARAMETER', 'KEY'] as const;
export type MapSource = (typeof MAP_SOURCES)[number];

/** Registered transforms a map may apply to its value (transformArg configures some). */
export const TRANSFORMS = [
  'NONE',
  'DATE_YMD',
  'DATE_COMPACT',
  'DATETIME_ISO',
  'DECIMAL_SCALE',
  'UNIT_FACTOR',
  'CODE_MAP',
  'UPPER',
  'STRING',
  /** An amount in Chinese capitals (大写金额), as OA payment forms carry it. */
  'CN_CAPITALS',
  /** The value as a JSON object's text, `{"<transformArg>": value}` (飞书 message content). */
  'JSON_TEXT',
] as const;
export type Transform = (typeof TRANSFORMS)[number];

/** A row of a definition's request field map: target path ← source. */
export interface RequestMap {
  /** Dot path in the body; `items[].qty` writes one element per source line. */
  readonly targetPath: string;
  readonly sourceType: MapSource;
  /** FIELD: dot path in the document (`poNumber`, `lines[].quantity`); PARAMETER: its name. */
  readonly sourcePath?: string | null;
  /** CONSTANT: the value (text; `true`, `false` and numbers stay text unless a transform says). */
  readonly constantValue?: string | null;
  readonly transform?: Transform | null;
  /** DECIMAL_SCALE: places; UNIT_FACTOR: the factor; CODE_MAP: `A=1;B=2` pairs. */
  readonly transformArg?: string | null;
}

/** A row of a definition's response map: a path of the answer → a field of the document. */
export interface ResponseMap {
  readonly responsePath: string;
  readonly targetField: string;
}

/** The success rule: HTTP 2xx and, when a path is given, the answer's value there equals `equals`. */
export interface SuccessRule {
  readonly path?: string | null;
  readonly equals?: string | null;
}

/** A call ready for the wire. */
export interface WireRequest {
  readonly url: string;
  readonly method: HttpMethod;
  readonly headers: Record<string, string>;
  /** Serialised body (none for GET). */
  readonly body: string | null;
  readonly timeoutMs: number;
}

/** What came back: an HTTP answer, or a failure before one (no status). */
export type WireResult =
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly headers: Record<string, string>;
      readonly text: string;
      readonly durationMs: number;
    }
  | {
      readonly kind: 'failure';
      readonly errorClass: 'timeout' | 'network';
      readonly message: string;
      readonly durationMs: number;
    };

/** Error classes of the platform log (spec scsiPlatformLogList). */
/** `later`: a 2xx answer whose value the definition names as "try again later" (retryValues). */
export const ERROR_CLASSES = ['timeout', 'network', 'http4xx', 'http5xx', 'mapping', 'later'] as const;
export type ErrorClass = (typeof ERROR_CLASSES)[number];

/** The interceptors registered in interceptors.ts, by kind (a definition picks them from a list). */
export const HEADER_INTERCEPTORS = [
  'TIMESTAMP_NONCE_SIGN',
  'OAUTH2_CLIENT_CREDENTIALS',
  'SAP_CSRF_TOKEN',
  'FEISHU_TENANT_TOKEN',
] as const;
export const PARAMS_INTERCEPTORS = [
  'DINGTALK_ROBOT_SIGN',
  'WECOM_ROBOT_KEY',
  'FEISHU_ROBOT_SIGN',
  'DINGTALK_ACCESS_TOKEN',
  'WECOM_ACCESS_TOKEN',
  'U8_TRADE_ID',
] as const;
