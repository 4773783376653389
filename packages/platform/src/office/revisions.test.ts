// Comparing two revisions of a contract paragraph by paragraph: what stayed, what was added or
// removed, and which paragraph was reworded.
import { describe, expect, it } from 'vitest';
import { docxOf, wordParagraph, wordTable } from './docx-fixture.testing';
import { compareParagraphs, docxParagraphs, similarity } from './revisions';

const CLAUSES = [
  '第一条 合同标的',
  '乙方向甲方供应六角螺栓，规格、数量与单价见附表。',
  '第二条 交货',
  '乙方应于合同签订后三十日内交货至甲方工厂。',
  '第三条 付款',
  '甲方应于验收合格后三十日内付款。',
];

describe('the paragraphs of a document', () => {
  it('are read in order, wordTable cells included, with tabs and line breaks', async () => {
    const document = docxOf({
      body:
        wordParagraph('采购合同') +
        wordTable([['序号', '物料名称']]) +
        '<w:p><w:r><w:t>甲方</w:t><w:tab/><w:t>乙方</w:t><w:br/><w:t>签章</w:t></w:r></w:p>',
    });
    expect(await docxParagraphs(document)).toEqual(['采购合同', '序号', '物料名称', '甲方\t乙方\n签章']);
  });
});

describe('comparing two revisions', () => {
  it('finds the changed paragraph between two versions of a contract', async () => {
    const revised = [...CLAUSES];
    revised[3] = '乙方应于合同签订后十五日内交货至甲方指定仓库。';
    const before = await docxParagraphs(
      docxOf({ body: CLAUSES.map((text) => wordParagraph(text)).join('') }),
    );
    const after = await docxParagraphs(docxOf({ body: revised.map((text) => wordParagraph(text)).join('') }));
    const diff = compareParagraphs(before, after);
    expect(diff.filter((entry) => entry.kind !== 'same')).toEqual([
      { kind: 'changed', before: CLAUSES[3], after: revised[3] },
    ]);
    expect(diff).toHaveLength(CLAUSES.length);
  });

  it('tells added and removed paragraphs apart from reworded ones, in reading order', () => {
    const after = [
      CLAUSES[0]!,
      CLAUSES[1]!,
      '第二条 交货与验收',
      CLAUSES[3]!,
      '不可抗力条款适用。',
      CLAUSES[4]!,
      CLAUSES[5]!,
    ];
    const before = CLAUSES.filter((_, index) => index !== 1);
    expect(compareParagraphs(before, after)).toEqual([
      { kind: 'same', before: CLAUSES[0], after: CLAUSES[0] },
      { kind: 'added', after: CLAUSES[1] },
      { kind: 'changed', before: '第二条 交货', after: '第二条 交货与验收' },
      { kind: 'same', before: CLAUSES[3], after: CLAUSES[3] },
      { kind: 'added', after: '不可抗力条款适用。' },
      { kind: 'same', before: CLAUSES[4], after: CLAUSES[4] },
      { kind: 'same', before: CLAUSES[5], after: CLAUSES[5] },
    ]);
  });

  it('shows a paragraph replaced by an unrelated one as removed and added', () => {
    expect(
      compareParagraphs(
        ['甲方', '质保期十二个月。', '乙方'],
        ['甲方', '争议提交甲方所在地法院解决。', '乙方'],
      ),
    ).toEqual([
      { kind: 'same', before: '甲方', after: '甲方' },
      { kind: 'removed', before: '质保期十二个月。' },
      { kind: 'added', after: '争议提交甲方所在地法院解决。' },
      { kind: 'same', before: '乙方', after: '乙方' },
    ]);
  });

  it('handles empty revisions and identical ones', () => {
    expect(compareParagraphs([], [])).toEqual([]);
    expect(compareParagraphs([], ['新增'])).toEqual([{ kind: 'added', after: '新增' }]);
    expect(compareParagraphs(['删除'], [])).toEqual([{ kind: 'removed', before: '删除' }]);
    expect(compareParagraphs(CLAUSES, CLAUSES).every((entry) => entry.kind === 'same')).toBe(true);
  });

  it('keeps every paragraph of both sides, in order, for random revisions', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 200; round++) {
      const before = Array.from({ length: random(12) }, () => CLAUSES[random(CLAUSES.length)]!);
      const after = Array.from({ length: random(12) }, () => CLAUSES[random(CLAUSES.length)]!);
      const diff = compareParagraphs(before, after);
      expect(diff.flatMap((entry) => ('before' in entry ? [entry.before] : []))).toEqual(before);
      expect(diff.flatMap((entry) => ('after' in entry ? [entry.after] : []))).toEqual(after);
    }
  });

  it('rates similarity by shared character pairs', () => {
    expect(similarity('甲方应于三十日内付款', '甲方应于三十日内付款')).toBe(1);
    expect(similarity('甲方应于三十日内付款', '甲方应于十五日内付款')).toBeGreaterThan(0.5);
    expect(similarity('甲方应于三十日内付款', '争议提交法院解决')).toBe(0);
  });
});
