// The bridge's rules and the spec's texts (shell-and-toolkit §5, §8), in Chinese and English.
import { describe, expect, it } from 'vitest';
import zhCN from '../../i18n/zh-CN.json';
import en from '../../i18n/en.json';
import { BridgeError, FrameBridge, checkMessage, embeddableUrl } from './bridge';

const zh = (key: string) => (zhCN as Record<string, string>)[key] ?? key;
const english = (key: string) => (en as Record<string, string>)[key] ?? key;

describe('the embedded-page bridge', () => {
  it('needs a non-empty message type', () => {
    expect(() => checkMessage({ type: '', body: {} }, zh)).toThrow('消息类型不可为空');
    expect(() => checkMessage({ body: {} }, zh)).toThrow('消息类型不可为空');
    expect(() => checkMessage(null, zh)).toThrow('消息类型不可为空');
    expect(() => checkMessage({ type: ' ', body: {} }, english)).toThrow(
      'The message type must not be empty',
    );
  });

  it('needs an object body', () => {
    expect(() => checkMessage({ type: 'srm:toast', body: 'text' }, zh)).toThrow('内容必须为对像数据');
    expect(() => checkMessage({ type: 'srm:toast', body: [1] }, zh)).toThrow('内容必须为对像数据');
    expect(() => checkMessage({ type: 'srm:toast' }, zh)).toThrow('内容必须为对像数据');
    expect(checkMessage({ type: 'srm:toast', body: { text: 'hi' } }, zh)).toEqual({
      type: 'srm:toast',
      body: { text: 'hi' },
    });
  });

  it('refuses to register a message handler without a callback', () => {
    const bridge = new FrameBridge({ target: () => null, origin: '*', t: zh });
    expect(() => bridge.on('srm:ready', undefined as never)).toThrow(
      '注册页面的消息处理方法，未定义回调方法',
    );
    expect(() => bridge.on('srm:ready', undefined as never)).toThrow(BridgeError);
  });

  it('hears only its own frame, and reports messages that break the rules', () => {
    const frame = { postMessage: () => undefined } as unknown as Window;
    const other = {} as Window;
    const heard: unknown[] = [];
    const errors: string[] = [];
    const bridge = new FrameBridge({
      target: () => frame,
      origin: 'https://pages.example.cn',
      t: zh,
      onError: (error) => errors.push(error.message),
    }).on('srm:toast', (body) => heard.push(body));
    const event = (data: unknown, source: Window, origin = 'https://pages.example.cn') => ({
      data,
      source,
      origin,
    });
    bridge.receive(event({ type: 'srm:toast', body: { text: 'a' } }, frame));
    bridge.receive(event({ type: 'srm:toast', body: { text: 'b' } }, other));
    bridge.receive(event({ type: 'srm:toast', body: { text: 'c' } }, frame, 'https://evil.example'));
    bridge.receive(event({ type: 'srm:toast', body: 'c' }, frame));
    expect(heard).toEqual([{ text: 'a' }]);
    expect(errors).toEqual(['内容必须为对像数据']);
  });

  it('embeds only http(s) addresses', () => {
    expect(embeddableUrl('/embed-demo.html', 'http://localhost:8080')?.href).toBe(
      'http://localhost:8080/embed-demo.html',
    );
    expect(embeddableUrl('javascript:alert(1)', 'http://localhost')).toBeNull();
    expect(embeddableUrl('', 'http://localhost')).toBeNull();
  });
});
