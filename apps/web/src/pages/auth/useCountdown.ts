// A resend countdown (发送验证码 waits 60 s between codes, or what the server says is left).
import { useCallback, useEffect, useState } from 'react';

export const RESEND_SECONDS = 60;

export function useCountdown(seconds = RESEND_SECONDS): { remaining: number; start(from?: number): void } {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  const start = useCallback((from?: number) => setRemaining(from ?? seconds), [seconds]);
  return { remaining, start };
}

/**
 * The seconds a refused send must wait, when the server said (a 429's `{ retryAfterSeconds }`:
 * a code went out shortly before, from another tab or device); null otherwise.
 */
export function retryAfterOf(data: unknown): number | null {
  if (!data || typeof data !== 'object' || !('retryAfterSeconds' in data)) return null;
  const seconds = data.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.min(600, Math.ceil(seconds))
    : null;
}
