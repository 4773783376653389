// The postMessage bridge between the shell and an embedded page (/iframeBox, testIframes,
// iframe). A message is `{ type, body }`: a non-empty type and an object body, or the spec's
// errors (消息类型不可为空, 内容必须为对像数据). Handlers are registered per type, and
// registering one without a callback is the spec's error too. Only messages of the embedded
// window itself, from the page's origin, are heard.

export const BRIDGE_SOURCE = 'srm-shell';

/** Message types of the shell's protocol. */
export const MESSAGE = {
  /** page → shell: loaded; the shell answers `init`. */
  ready: 'srm:ready',
  /** shell → page: the language, the user and the texts the page shows. */
  init: 'srm:init',
  /** page → shell: open a workspace screen `{ path, params }`. */
  openTab: 'srm:openTab',
  /** page → shell: show a toast `{ kind: 'success' | 'info' | 'warning' | 'error', text }`. */
  toast: 'srm:toast',
} as const;

export type Body = Record<string, unknown>;

export interface BridgeMessage {
  readonly type: string;
  readonly body: Body;
}

/** Texts of the bridge's errors (locale keys). */
export const BRIDGE_ERRORS = {
  typeRequired: 'embed.error.typeRequired',
  bodyObject: 'embed.error.bodyObject',
  noCallback: 'embed.error.noCallback',
} as const;

export class BridgeError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

export type Translate = (key: string) => string;

function fail(t: Translate, key: string): never {
  throw new BridgeError(key, t(key));
}

/** The message, checked: a non-empty string type and an object body. */
export function checkMessage(message: unknown, t: Translate): BridgeMessage {
  const { type, body } = (message !== null && typeof message === 'object' ? message : {}) as {
    type?: unknown;
    body?: unknown;
  };
  if (typeof type !== 'string' || type.trim() === '') fail(t, BRIDGE_ERRORS.typeRequired);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) fail(t, BRIDGE_ERRORS.bodyObject);
  return { type, body: body as Body };
}

export type Handler = (body: Body, message: BridgeMessage) => void;

export interface BridgeOptions {
  /** The embedded window (null until the frame has loaded). */
  target(): Window | null;
  /** Origin of the embedded page; '*' for an opaque one. */
  origin: string;
  t: Translate;
  /** A message of the page that broke the protocol. */
  onError?(error: BridgeError): void;
}

export class FrameBridge {
  private readonly handlers = new Map<string, Handler>();

  constructor(private readonly options: BridgeOptions) {}

  /** Registers the handler of a message type; a missing callback is refused. */
  on(type: string, callback: Handler): this {
    if (typeof callback !== 'function') fail(this.options.t, BRIDGE_ERRORS.noCallback);
    this.handlers.set(type, callback);
    return this;
  }

  /** Sends a message to the embedded page. */
  post(type: string, body: Body): void {
    const message = checkMessage({ type, body }, this.options.t);
    this.options.target()?.postMessage({ source: BRIDGE_SOURCE, ...message }, this.options.origin);
  }

  /** Handles one event of the window's `message` listener. */
  receive(event: Pick<MessageEvent, 'data' | 'origin' | 'source'>): void {
    const target = this.options.target();
    if (!target || event.source !== target) return;
    if (this.options.origin !== '*' && event.origin !== this.options.origin) return;
    let message: BridgeMessage;
    try {
      message = checkMessage(event.data, this.options.t);
    } catch (error) {
      if (error instanceof BridgeError) this.options.onError?.(error);
      return;
    }
    this.handlers.get(message.type)?.(message.body, message);
  }

  /** Listens on a window; answers the function that stops. */
  listen(on: Window): () => void {
    const listener = (event: MessageEvent) => this.receive(event);
    on.addEventListener('message', listener);
    return () => on.removeEventListener('message', listener);
  }
}

/** An address that may be embedded: http(s), or a path of this site; null otherwise. */
export function embeddableUrl(url: string | null | undefined, base: string): URL | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}
