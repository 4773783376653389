// An embedded page with the bridge attached: it answers the page's `ready` with `init` (the
// language, the user and the texts the page shows, all from the locale files), opens workspace
// screens and shows toasts the page asks for, and reports messages that break the protocol.
import { useEffect, useMemo, useRef } from 'react';
import { App, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStoredSession } from '../../auth/session';
import { useLanguage } from '../language';
import { type BridgeMessage, FrameBridge, MESSAGE, embeddableUrl } from './bridge';

/** Texts an embedded page may show, handed over in `init`. */
const PAGE_TEXTS = ['title', 'intro', 'openTab', 'toast', 'toastText', 'invalid', 'log'] as const;

export interface EmbeddedFrameProps {
  url: string | null;
  title?: string;
  height?: number | string;
  /** Opens a workspace screen the page asks for. */
  onOpen(path: string, params: Record<string, string | number>): void;
  /** Every message in either direction (the test page shows them). */
  onLog?(entry: { direction: 'in' | 'out' | 'error'; text: string }): void;
}

export function EmbeddedFrame({ url, title, height = '100%', onOpen, onLog }: EmbeddedFrameProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { language } = useLanguage();
  const session = useStoredSession();
  const frame = useRef<HTMLIFrameElement>(null);
  const target = useMemo(() => embeddableUrl(url, window.location.href), [url]);
  const log = useRef(onLog);
  log.current = onLog;
  const open = useRef(onOpen);
  open.current = onOpen;

  const bridge = useMemo(() => {
    if (!target) return null;
    const origin = target.origin === 'null' ? '*' : target.origin;
    const instance = new FrameBridge({
      target: () => frame.current?.contentWindow ?? null,
      origin,
      t,
      onError: (error) => {
        log.current?.({ direction: 'error', text: error.message });
        void message.error(error.message);
      },
    });
    const heard =
      (handler: (body: Record<string, unknown>) => void) =>
      (body: Record<string, unknown>, m: BridgeMessage) => {
        log.current?.({ direction: 'in', text: `${m.type} ${JSON.stringify(body)}` });
        handler(body);
      };
    instance
      .on(
        MESSAGE.ready,
        heard(() => {
          const body = {
            language,
            user: session
              ? { userName: session.user.userName, userFullName: session.user.userFullName }
              : null,
            texts: Object.fromEntries(PAGE_TEXTS.map((key) => [key, t(`embed.page.${key}`)])),
          };
          instance.post(MESSAGE.init, body);
          log.current?.({ direction: 'out', text: `${MESSAGE.init} ${JSON.stringify({ language })}` });
        }),
      )
      .on(
        MESSAGE.openTab,
        heard((body) => {
          if (typeof body.path === 'string' && body.path)
            open.current(body.path, (body.params ?? {}) as Record<string, string | number>);
        }),
      )
      .on(
        MESSAGE.toast,
        heard((body) => {
          const kind = ['success', 'info', 'warning', 'error'].includes(String(body.kind))
            ? (body.kind as 'success' | 'info' | 'warning' | 'error')
            : 'info';
          if (typeof body.text === 'string') void message[kind](body.text);
        }),
      );
    return instance;
  }, [target, t, message, language, session]);

  useEffect(() => bridge?.listen(window), [bridge]);

  if (!target) return <Result status="warning" title={t('embed.badUrl')} subTitle={url ?? ''} />;
  return (
    <iframe
      ref={frame}
      src={target.href}
      title={title ?? target.host}
      style={{ width: '100%', height, border: 0, display: 'block', background: '#fff' }}
    />
  );
}
