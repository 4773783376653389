// The server's clock in the browser: deadlines and countdowns of live screens (the auction hall)
// follow the server, which alone judges them, never the machine's own clock (a PC ten minutes off
// must still count down to the real end). The offset is measured like NTP's: a request sent at t0,
// answered with the server's time, received at t1 — the server read its clock about halfway.
import { useEffect, useMemo } from 'react';
import { useRealtimeEvent, useRealtimeSend } from './realtime';

/** How often a live screen measures the offset again over the socket. */
export const CLOCK_RESYNC_MS = 30_000;

export class ServerClock {
  /** Server time minus browser time, in ms. */
  offset = 0;
  /** Whether any measurement was taken. */
  measured = false;

  constructor(private readonly local: () => number = () => Date.now()) {}

  /** Takes a measurement: sent at `t0`, received at `t1` (browser time), `serverNow` in between. */
  measure(t0: number, t1: number, serverNow: number): void {
    if (![t0, t1, serverNow].every(Number.isFinite) || t1 < t0) return;
    this.offset = Math.round(serverNow - (t0 + t1) / 2);
    this.measured = true;
  }

  /** The server's time now. */
  now(): number {
    return this.local() + this.offset;
  }
}

/**
 * A server clock for this screen: measure it with each REST snapshot (`clock.measure(t0, t1,
 * serverNow)`); while mounted it is measured again every 30 s with the hub's `time` frame.
 */
export function useServerClock(): ServerClock {
  const clock = useMemo(() => new ServerClock(), []);
  const send = useRealtimeSend();
  useRealtimeEvent(['time'], (frame) => {
    if (frame.type === 'time' && typeof frame.t === 'number' && typeof frame.serverNow === 'number')
      clock.measure(frame.t, Date.now(), frame.serverNow);
  });
  useEffect(() => {
    const timer = setInterval(() => send({ type: 'time', t: Date.now() }), CLOCK_RESYNC_MS);
    return () => clearInterval(timer);
  }, [send]);
  return clock;
}
