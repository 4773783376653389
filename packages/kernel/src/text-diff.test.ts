import { describe, expect, it } from 'vitest';
import { inlineDiff, plainText } from './text-diff';

const join = (parts: ReturnType<typeof inlineDiff>, keep: 'removed' | 'added') =>
  parts
    .filter((part) => part.kind === 'same' || part.kind === keep)
    .map((part) => part.text)
    .join('');

describe('inlineDiff', () => {
  it('marks the characters a clause lost and gained, in reading order', () => {
    const before = '乙方应在收到订单后30天内交货。';
    const after = '乙方应在收到订单后15天内交货，逾期按日扣款。';
    const parts = inlineDiff(before, after);
    expect(parts).toEqual([
      { kind: 'same', text: '乙方应在收到订单后' },
      { kind: 'removed', text: '30' },
      { kind: 'added', text: '15' },
      { kind: 'same', text: '天内交货' },
      { kind: 'added', text: '，逾期按日扣款' },
      { kind: 'same', text: '。' },
    ]);
    expect(join(parts, 'removed')).toBe(before);
    expect(join(parts, 'added')).toBe(after);
  });

  it('answers one same part for equal texts, and whole parts for an empty side', () => {
    expect(inlineDiff('相同', '相同')).toEqual([{ kind: 'same', text: '相同' }]);
    expect(inlineDiff('', '新增')).toEqual([{ kind: 'added', text: '新增' }]);
    expect(inlineDiff('删除', '')).toEqual([{ kind: 'removed', text: '删除' }]);
    expect(inlineDiff('', '')).toEqual([]);
  });

  it('keeps characters outside the basic plane whole', () => {
    const parts = inlineDiff('付款𠀋条件', '付款𠀌条件');
    expect(parts).toEqual([
      { kind: 'same', text: '付款' },
      { kind: 'removed', text: '𠀋' },
      { kind: 'added', text: '𠀌' },
      { kind: 'same', text: '条件' },
    ]);
  });

  it('gives up on detail for two long texts with nothing in common, and still rebuilds both', () => {
    const before = 'a'.repeat(3000);
    const after = 'b'.repeat(3000);
    const parts = inlineDiff(before, after);
    expect(parts.map((part) => part.kind)).toEqual(['removed', 'added']);
    expect(join(parts, 'added')).toBe(after);
  });
});

describe('plainText', () => {
  it('reads rich text as its reader sees it', () => {
    expect(plainText('<p>第一条&nbsp;质量</p><p>乙方保证 &lt;合格&gt;<br/>并&amp;承担</p>')).toBe(
      '第一条 质量\n乙方保证 <合格>\n并&承担',
    );
  });
});
