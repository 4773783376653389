import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  currentSession,
  endSession,
  lastEndedMessage,
  onSessionEnded,
  saveSession,
  sessionOf,
} from './session';

class MemoryStorage {
  private values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
}

const login = {
  authorizationCode: 'code-1',
  signKey: 'key-1',
  gatewayTag: 'default',
  expiresAt: 1,
  heartbeatMs: 3600000,
  mustChangePassword: true,
  userId: 7,
  userName: 'sup_a',
  userFullName: '陈晓梅',
  userType: 'EXTERNAL',
  languageCode: 'CN',
  responsibilityId: 5,
};

describe('the stored session', () => {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage() });
    clearSession();
  });

  it('survives a reload: it is read back from localStorage', () => {
    saveSession(sessionOf(login));
    expect(localStorage.getItem('srm.session')).toContain('code-1');
    expect(currentSession()).toMatchObject({
      authorizationCode: 'code-1',
      signKey: 'key-1',
      mustChangePassword: true,
      user: { userName: 'sup_a', userType: 'EXTERNAL' },
    });
  });

  it('ends once on a refused request, telling the app the server’s message', () => {
    saveSession(sessionOf(login));
    const heard: string[] = [];
    const stop = onSessionEnded((message) => heard.push(message));
    endSession('code-1', '请先登录');
    endSession('code-1', '请先登录');
    stop();
    expect(currentSession()).toBeNull();
    expect(heard).toEqual(['请先登录']);
    expect(lastEndedMessage()).toBe('请先登录');
    saveSession(sessionOf(login));
    expect(lastEndedMessage()).toBeNull();
  });

  it('ignores a refusal of an older session', () => {
    saveSession(sessionOf(login));
    endSession('an-old-code', '请先登录');
    expect(currentSession()?.authorizationCode).toBe('code-1');
  });
});
