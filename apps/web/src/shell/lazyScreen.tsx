// Code-split screens: a screen that does not arrive within the spec's 120000 ms, or whose chunk
// fails, shows a clear error with a reload action instead of a blank tab.
import { type ComponentType, Component, type ReactNode, lazy, Suspense } from 'react';
import { Alert, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export const CHUNK_LOAD_TIMEOUT = 120000;

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('ChunkLoadError', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeout = CHUNK_LOAD_TIMEOUT,
) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeout);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(new ChunkLoadError(error));
          },
        );
      }),
  );
}

function ChunkFailed() {
  const { t } = useTranslation();
  // An alert rather than antd's Result: Result brings its status illustrations (about 30 KB) into
  // the entry, which every page, the login page first, loads.
  return (
    <Alert
      type="warning"
      showIcon
      style={{ margin: 24 }}
      title={t('chunk.failed')}
      description={t('chunk.failedHint')}
      action={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('chunk.reload')}
        </Button>
      }
    />
  );
}

class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <ChunkFailed /> : this.props.children;
  }
}

/** A page on its way: the loading bar across the top of the window (done once the page shows). */
export function PageLoading() {
  return (
    <>
      <div className="srm-loading-bar srm-loading-bar-page" role="progressbar" aria-busy="true" />
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    </>
  );
}

export function ScreenFrame({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <ScreenBoundary>
      <Suspense
        fallback={
          fallback ?? (
            <div style={{ padding: 48, textAlign: 'center' }}>
              <Spin />
            </div>
          )
        }
      >
        {children}
      </Suspense>
    </ScreenBoundary>
  );
}
