import { describe, expect, it } from 'vitest';
import { richTextSummary, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('removes scripts, event handlers and script URLs, keeps formatting', () => {
    const dirty =
      '<p style="color:#c00;position:fixed" onclick="steal()">通知<script>alert(1)</script></p>' +
      '<a href="javascript:alert(2)">x</a><a href="https://srm.example.com/a" target="_top">y</a>' +
      '<img src="data:image/png;base64,AAAA" onerror="x()"><iframe src="https://evil"></iframe>' +
      '<table><tr><td colspan="2"><strong>单价</strong></td></tr></table>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe|data:|position/i);
    expect(clean).toContain('<p style="color:#c00">通知</p>');
    expect(clean).toContain(
      '<a href="https://srm.example.com/a" target="_blank" rel="noopener noreferrer">y</a>',
    );
    expect(clean).toContain('<td colspan="2"><strong>单价</strong></td>');
  });

  it('summarises rich text as plain text', () => {
    expect(richTextSummary('<p>春节&nbsp;放假</p><p>安排</p>')).toBe('春节 放假安排');
    expect(richTextSummary(`<p>${'字'.repeat(300)}</p>`, 10)).toHaveLength(10);
  });
});
