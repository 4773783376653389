import { describe, expect, it } from 'vitest';
import { docxOf, docxToPdf, wordParagraph, wordRun } from '../office';
import { keywordRect } from './anchor';

describe('a signature field placed by keyword', () => {
  it('is centred on the last place the keyword is written, even across runs of other formatting', async () => {
    const pdf = await docxToPdf(
      docxOf({
        body: [
          wordParagraph('甲方（盖章）：见末页'),
          ...Array.from({ length: 60 }, (_, n) => wordParagraph(`第 ${n + 1} 条 合同条款正文。`)),
          // The last 甲方（盖章） is written in two runs, one bold.
          wordParagraph(wordRun('甲方（盖', '<w:b/>'), wordRun('章）：')),
          wordParagraph('乙方（盖章）：'),
        ].join(''),
      }),
    );
    const size = { width: 160, height: 80 };
    const a = await keywordRect(pdf, { keyword: '甲方（盖章）', ...size });
    const b = await keywordRect(pdf, { keyword: '乙方（盖章）', ...size });
    expect(a!.page).toBe(2);
    expect(b!.page).toBe(2);
    // 乙方 is written below 甲方, at the same left margin: its field is lower, as wide.
    expect(b!.rect[1]).toBeLessThan(a!.rect[1]);
    expect(a!.rect[2]).toBe(160);
    // Asked on the first page only, the first 甲方（盖章） is found there, higher up.
    const onFirst = await keywordRect(pdf, { keyword: '甲方（盖章）', page: 1, ...size });
    expect(onFirst!.page).toBe(1);
    // Moved by its offsets; nothing for a keyword not written or a page that is not there.
    const moved = await keywordRect(pdf, { keyword: '甲方（盖章）', offsetX: 40, offsetY: -10, ...size });
    expect(moved!.rect[0] - a!.rect[0]).toBeCloseTo(40, 5);
    expect(moved!.rect[1] - a!.rect[1]).toBeCloseTo(-10, 5);
    expect(await keywordRect(pdf, { keyword: '丙方（盖章）', ...size })).toBeNull();
    expect(await keywordRect(pdf, { keyword: '甲方（盖章）', page: 9, ...size })).toBeNull();
  }, 60_000);
});
