import { describe, expect, it } from 'vitest';
import { kernelMessages, lookupType } from '@srm/kernel';
import { makeLabels } from '../context/labels';
import { checkLines, nextIssue, openIssues, serverLineIssues } from './lineIssues';

const zh = makeLabels({ catalogue: kernelMessages, locale: 'zh-CN' });
const en = makeLabels({ catalogue: kernelMessages, locale: 'en' });
const FIELDS = ['lookupType', 'lookupCode', 'meaning', 'seqNum'];

function lines(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    lookupCode: `C${index + 1}`,
    meaning: `值${index + 1}`,
    seqNum: index + 1,
  }));
}

describe('line issues of a long document', () => {
  it('checks every line, in view or not, naming the line and field in either language', () => {
    const rows: Record<string, unknown>[] = lines(150);
    rows[119] = { ...rows[119], lookupCode: '  ' };
    rows[137] = { ...rows[137], seqNum: -4 };
    const found = checkLines(lookupType, 'values', rows, FIELDS, zh);
    expect(found.map(({ index, field, reason, text }) => ({ index, field, reason, text }))).toEqual([
      { index: 119, field: 'lookupCode', reason: '必填', text: '快码值第 120 行，编码：必填' },
      {
        index: 137,
        field: 'seqNum',
        reason: expect.stringContaining('0') as string,
        text: expect.stringMatching(/^快码值第 138 行，排序：/) as string,
      },
    ]);
    // The computed (read-only) lookupType is nobody's to fill.
    expect(found.some((issue) => issue.field === 'lookupType')).toBe(false);
    expect(checkLines(lookupType, 'values', rows, FIELDS, en)[0]!.text).toBe(
      'Values, line 120, Code: Required',
    );
    expect(checkLines(lookupType, 'values', lines(150), FIELDS, zh)).toEqual([]);
  });

  it('takes the server’s line issues by collection, with the cell’s own reason', () => {
    const values = { meaning: '类型', values: lines(3) };
    const byCollection = serverLineIssues(
      lookupType,
      zh,
      [
        { path: 'values.2.lookupCode', message: '快码值第 3 行，编码：已存在' },
        { path: 'values.0.meaning', message: '快码值第 1 行，含义：必填' },
        { path: 'meaning', message: '名称：必填' },
      ],
      values,
    );
    expect(byCollection).toEqual({
      values: [
        { index: 0, field: 'meaning', reason: '必填', text: '快码值第 1 行，含义：必填', value: '值1' },
        { index: 2, field: 'lookupCode', reason: '已存在', text: '快码值第 3 行，编码：已存在', value: 'C3' },
      ],
    });
  });

  it('settles an issue once its cell changes, and steps through the rest in line order', () => {
    const rows: Record<string, unknown>[] = lines(200);
    rows[10] = { ...rows[10], meaning: '' };
    rows[150] = { ...rows[150], lookupCode: '' };
    rows[190] = { ...rows[190], meaning: null };
    const found = checkLines(lookupType, 'values', rows, FIELDS, zh);
    expect(found.map((issue) => issue.index)).toEqual([10, 150, 190]);
    expect(nextIssue(found, null)?.index).toBe(10);
    expect(nextIssue(found, found[0]!)?.index).toBe(150);
    expect(nextIssue(found, found[2]!)?.index).toBe(10);

    const fixed = [...rows];
    fixed[150] = { ...rows[150], lookupCode: 'C151' };
    const open = openIssues(found, fixed);
    expect(open.map((issue) => issue.index)).toEqual([10, 190]);
    // From a settled issue the next open one follows it.
    expect(nextIssue(open, found[1]!)?.index).toBe(190);
    expect(openIssues(found, fixed.slice(0, 100)).map((issue) => issue.index)).toEqual([10]);
    expect(nextIssue([], null)).toBeNull();
  });
});
