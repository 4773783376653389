// A counterparty's revision with tracked changes by two authors: every change is listed with
// its author and date; accepting all gives the agreed text with no revision marks left in any
// part, rejecting all gives the text as it was.
import { describe, expect, it } from 'vitest';
import {
  trackedDeletion,
  trackedParagraphDeletion,
  docxOf,
  docxPart,
  trackedInsertion,
  trackedParagraphInsertion,
  trackedMove,
  wordParagraph,
  trackedFormatting,
  wordRun,
  wordTable,
} from './docx-fixture.testing';
import { docxParagraphs } from './revisions';
import { acceptAllChanges, rejectAllChanges, trackedChanges } from './tracked-changes';

const BUYER = '张三';
const SUPPLIER = 'Li Wei';
const MONDAY = '2026-03-02T09:30:00Z';
const TUESDAY = '2026-03-03T14:05:00Z';

/** A row of the items table that the supplier deleted (the row and its text). */
const deletedRow =
  `<w:tr><w:trPr><w:del w:id="900" w:author="${SUPPLIER}" w:date="${TUESDAY}"/></w:trPr>` +
  `<w:tc>${wordParagraph(trackedDeletion(SUPPLIER, TUESDAY, '2'))}</w:tc><w:tc>${wordParagraph(trackedDeletion(SUPPLIER, TUESDAY, '垫圈'))}</w:tc></w:tr>`;

function revision(): Buffer {
  return docxOf({
    headers: [
      wordParagraph(wordRun('合同编号：HT-2026-0042'), trackedInsertion(SUPPLIER, TUESDAY, '（修订版）')),
    ],
    footers: [wordParagraph(wordRun('第 1 页'), trackedDeletion(BUYER, MONDAY, '，共 3 页'))],
    footnotes: [
      wordParagraph(wordRun('以'), trackedInsertion(BUYER, MONDAY, '最新'), wordRun('国家标准为准。')),
    ],
    body: [
      wordParagraph('采购合同'),
      wordParagraph(
        wordRun('甲方应于收货后'),
        trackedDeletion(BUYER, MONDAY, '三十'),
        trackedInsertion(BUYER, MONDAY, '十五'),
        wordRun('日内付款。'),
      ),
      wordParagraph(
        wordRun('交货地点：'),
        trackedInsertion(SUPPLIER, TUESDAY, '乙方仓库'),
        trackedDeletion(SUPPLIER, TUESDAY, '甲方工厂'),
      ),
      trackedParagraphDeletion(SUPPLIER, TUESDAY, '逾期交货每日按合同金额千分之五支付违约金。'),
      trackedParagraphInsertion(SUPPLIER, TUESDAY, '不可抗力条款适用。'),
      wordParagraph(wordRun('质保期 '), trackedFormatting(BUYER, MONDAY, '十二个月'), wordRun('。')),
      wordParagraph(trackedMove('from', SUPPLIER, TUESDAY, '验收合格后')),
      wordParagraph(
        wordRun('付款方式：'),
        trackedMove('to', SUPPLIER, TUESDAY, '验收合格后'),
        wordRun('电汇。'),
      ),
      wordTable([['1', '螺栓']]).replace('</w:tbl>', `${deletedRow}</w:tbl>`),
      wordParagraph('签章'),
    ].join(''),
  });
}

const PARTS = ['word/document.xml', 'word/header1.xml', 'word/footer1.xml', 'word/footnotes.xml'];

describe('tracked changes of a revision', () => {
  it('lists every insertion, deletion, move and formatting change with its author and date', async () => {
    const changes = await trackedChanges(revision());
    expect(changes.counts).toEqual({ insertion: 6, deletion: 8, moveFrom: 1, moveTo: 1, formatting: 1 });
    expect(changes.authors).toEqual([BUYER, SUPPLIER]);
    expect(changes.changes).toContainEqual({
      kind: 'deletion',
      on: 'text',
      author: BUYER,
      date: MONDAY,
      text: '三十',
      part: 'word/document.xml',
    });
    expect(changes.changes).toContainEqual(
      expect.objectContaining({
        kind: 'insertion',
        on: 'text',
        text: '（修订版）',
        part: 'word/header1.xml',
      }),
    );
    expect(changes.changes).toContainEqual(
      expect.objectContaining({ kind: 'deletion', on: 'text', text: '，共 3 页', part: 'word/footer1.xml' }),
    );
    expect(changes.changes).toContainEqual(
      expect.objectContaining({ kind: 'insertion', author: BUYER, text: '最新', part: 'word/footnotes.xml' }),
    );
    expect(changes.changes).toContainEqual(
      expect.objectContaining({ kind: 'deletion', on: 'paragraphMark' }),
    );
    expect(changes.changes).toContainEqual(expect.objectContaining({ kind: 'deletion', on: 'tableRow' }));
    expect(changes.changes).toContainEqual(
      expect.objectContaining({ kind: 'formatting', on: 'run', author: BUYER, date: MONDAY }),
    );
    expect(changes.changes).toContainEqual(
      expect.objectContaining({ kind: 'moveTo', on: 'text', text: '验收合格后', author: SUPPLIER }),
    );
  });

  it('finds none in a document written without tracking', async () => {
    const changes = await trackedChanges(docxOf({ body: wordParagraph('采购合同') }));
    expect(changes).toEqual({
      counts: { insertion: 0, deletion: 0, moveFrom: 0, moveTo: 0, formatting: 0 },
      authors: [],
      changes: [],
    });
  });
});

describe('accepting all changes', () => {
  it('keeps the insertions, drops the deletions and leaves no revision mark in any part', async () => {
    const accepted = await acceptAllChanges(revision());
    for (const name of PARTS) {
      const xml = docxPart(accepted, name);
      expect(xml, name).not.toMatch(/<w:(ins|del|delText|moveFrom|moveTo|rPrChange|pPrChange)\b/);
      expect(xml, name).not.toMatch(/RangeStart|RangeEnd/);
    }
    expect((await trackedChanges(accepted)).changes).toEqual([]);
    expect(await docxParagraphs(accepted)).toEqual([
      '采购合同',
      '甲方应于收货后十五日内付款。',
      '交货地点：乙方仓库',
      '不可抗力条款适用。',
      '质保期 十二个月。',
      '',
      '付款方式：验收合格后电汇。',
      '1',
      '螺栓',
      '签章',
    ]);
    expect(docxPart(accepted, 'word/header1.xml')).toContain('（修订版）');
    expect(docxPart(accepted, 'word/footer1.xml')).not.toContain('共 3 页');
    expect(docxPart(accepted, 'word/footnotes.xml')).toContain('最新');
    // The reformatted run stays bold: its current formatting is what was accepted.
    expect(docxPart(accepted, 'word/document.xml')).toMatch(
      /<w:b\/><\/w:rPr><w:t xml:space="preserve">十二个月/,
    );
  });

  it('joins a paragraph whose mark was deleted with the next one', async () => {
    const joined = docxOf({
      body:
        `<w:p><w:pPr><w:rPr><w:del w:id="1" w:author="${BUYER}" w:date="${MONDAY}"/></w:rPr></w:pPr>${wordRun('第一条 ')}</w:p>` +
        wordParagraph('合同标的'),
    });
    expect(await docxParagraphs(await acceptAllChanges(joined))).toEqual(['第一条 合同标的']);
  });

  it('leaves a document without changes as it reads', async () => {
    const plain = docxOf({ body: wordParagraph('采购合同') + wordTable([['序号', '物料']]) });
    expect(await docxParagraphs(await acceptAllChanges(plain))).toEqual(['采购合同', '序号', '物料']);
  });
});

describe('rejecting all changes', () => {
  it('gives the text as it was before the revision', async () => {
    const original = [
      '采购合同',
      '甲方应于收货后三十日内付款。',
      '交货地点：甲方工厂',
      '逾期交货每日按合同金额千分之五支付违约金。',
      '质保期 十二个月。',
      '验收合格后',
      '付款方式：电汇。',
      '1',
      '螺栓',
      '2',
      '垫圈',
      '签章',
    ];
    expect(await docxParagraphs(revision(), { changes: 'original' })).toEqual(original);
    const rejected = await rejectAllChanges(revision());
    expect(await docxParagraphs(rejected)).toEqual(original);
    expect((await trackedChanges(rejected)).changes).toEqual([]);
    // The reformatted run is plain again.
    expect(docxPart(rejected, 'word/document.xml')).not.toContain('<w:b/>');
  });
});
