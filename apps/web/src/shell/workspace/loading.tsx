// The thin loading bar at the top of the content while a screen's chunk loads: each pending
// screen holds it up while mounted.
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { Spin } from 'antd';

interface LoadingState {
  begin(): void;
  end(): void;
}

const LoadingContext = createContext<LoadingState>({ begin: () => {}, end: () => {} });

export function LoadingProvider({ children }: { children: (loading: boolean) => ReactNode }) {
  const [pending, setPending] = useState(0);
  const value = useMemo(
    () => ({ begin: () => setPending((n) => n + 1), end: () => setPending((n) => Math.max(0, n - 1)) }),
    [],
  );
  return <LoadingContext.Provider value={value}>{children(pending > 0)}</LoadingContext.Provider>;
}

/** The fallback of a loading screen: a spinner in the pane, the bar on top. */
export function ScreenLoading() {
  const { begin, end } = useContext(LoadingContext);
  useEffect(() => {
    begin();
    return end;
  }, [begin, end]);
  return (
    <div style={{ padding: 64, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

export function LoadingBar({ loading }: { loading: boolean }) {
  if (!loading) return null;
  return <div className="srm-loading-bar" role="progressbar" aria-busy="true" />;
}
