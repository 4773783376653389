// The spec's heartbeat: while signed in, POST /auth/heartbeat every 3600000 ms keeps the session
// from expiring while the page is open (a 401 there ends it like any other).
import { useEffect } from 'react';
import { HEARTBEAT_MS } from '@srm/kernel';
import { apiCall } from '../api';
import { AUTH } from './authApi';
import { useStoredSession } from './session';

export function useHeartbeat(intervalMs = HEARTBEAT_MS): void {
  const code = useStoredSession()?.authorizationCode;
  useEffect(() => {
    if (!code) return;
    const timer = setInterval(() => void apiCall(`${AUTH}/heartbeat`, {}).catch(() => undefined), intervalMs);
    return () => clearInterval(timer);
  }, [code, intervalMs]);
}
