// Contract templates: a template is checked against the dictionary of names the contract
// provides, with docxtemplater's own errors given as codes; filled, its items table has a row
// per item and empty values stay empty.
import { describe, expect, it } from 'vitest';
import { OfficeDocumentError } from '../files/office';
import {
  contractDictionary,
  contractTemplate,
  docxOf,
  docxPart,
  wordParagraph,
  wordTable,
} from './docx-fixture.testing';
import { fillDocxTemplate, validateDocxTemplate } from './docx-template';
import { docxParagraphs } from './revisions';

const item = (lineNo: number) => ({
  lineNo,
  itemCode: `0203000${lineNo}`,
  itemName: `六角螺栓 M${8 + lineNo}`,
  quantity: 100 * lineNo,
  unit: '个',
  price: '1.25',
  amount: (125 * lineNo).toFixed(2),
  needByDate: `2026-04-0${lineNo}`,
});

const contract = {
  contractNumber: 'HT-2026-0042',
  buyerName: '苏州精密机械有限公司',
  supplierName: '无锡五金制品厂',
  signDate: '2026-03-02',
  items: [1, 2, 3].map(item),
  totalAmount: '750.00',
  totalAmountInWords: '柒佰伍拾元整',
  warranty: true,
  warrantyMonths: 12,
  remark: null,
};

const templateOf = (...paragraphs: string[]) =>
  docxOf({ body: paragraphs.map((text) => wordParagraph(text)).join('') });

describe('validating a contract template', () => {
  it('accepts a template that uses the dictionary only, and lists the names it uses', async () => {
    const check = await validateDocxTemplate(contractTemplate(), contractDictionary);
    expect(check.errors).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.variables).toEqual(
      [
        'buyerName',
        'contractNumber',
        'items',
        'items.amount',
        'items.itemCode',
        'items.itemName',
        'items.lineNo',
        'items.needByDate',
        'items.price',
        'items.quantity',
        'items.unit',
        'remark',
        'signDate',
        'supplierName',
        'totalAmount',
        'totalAmountInWords',
        'warranty',
        'warrantyMonths',
      ].sort(),
    );
  });

  it('refuses a variable the dictionary does not have, naming its tag', async () => {
    const check = await validateDocxTemplate(
      templateOf('甲方：{buyerName}', '交货地点：{deliveryAddress}'),
      contractDictionary,
    );
    expect(check.ok).toBe(false);
    expect(check.errors).toEqual([expect.objectContaining({ code: 'unknown_tag', tag: 'deliveryAddress' })]);
  });

  it('reports an unclosed tag as unclosed_tag with the tag and where it is', async () => {
    const check = await validateDocxTemplate(templateOf('合同总金额：{total'), contractDictionary);
    expect(check.ok).toBe(false);
    expect(check.errors).toEqual([
      expect.objectContaining({ code: 'unclosed_tag', tag: 'total', offset: 6, part: 'word/document.xml' }),
    ]);
  });

  it('reports an unclosed loop as unclosed_loop with the loop', async () => {
    const check = await validateDocxTemplate(templateOf('{#items}', '{itemCode}'), contractDictionary);
    expect(check.errors).toEqual([expect.objectContaining({ code: 'unclosed_loop', tag: 'items' })]);
  });

  it('reports every error at once, with its code', async () => {
    const check = await validateDocxTemplate(
      templateOf('{#items}{/lines}', '多余的}', '{total'),
      contractDictionary,
    );
    expect(check.errors.map((error) => [error.code, error.tag])).toEqual(
      expect.arrayContaining([
        ['unclosed_tag', 'total'],
        ['unopened_tag', '}多余的'],
        ['closing_tag_does_not_match_opening_tag', 'items'],
      ]),
    );
    expect(check.errors).toHaveLength(4);
    expect(check.errors).toContainEqual(expect.objectContaining({ code: 'unknown_loop', tag: 'lines' }));
    expect(check.errors.every((error) => error.message.length > 0)).toBe(true);
  });

  it("knows a loop's names inside the loop only, and the document's everywhere", async () => {
    const check = await validateDocxTemplate(
      docxOf({
        body:
          wordTable([['{#items}{itemCode}', '{vendorSku}', '{supplierName}{/items}']]) +
          wordParagraph('{itemCode}') +
          wordParagraph('{items}') +
          wordParagraph('{#attachments}{name}{/attachments}') +
          wordParagraph('{#warranty}{warrantyMonths}{/warranty}{^warranty}无质保{/warranty}'),
      }),
      contractDictionary,
    );
    expect(check.errors.map((error) => [error.code, error.tag])).toEqual(
      expect.arrayContaining([
        ['unknown_tag', 'vendorSku'],
        ['unknown_tag', 'itemCode'],
        ['loop_as_variable', 'items'],
        ['unknown_loop', 'attachments'],
        ['unknown_tag', 'name'],
      ]),
    );
    expect(check.errors).toHaveLength(5);
    expect(check.variables).toEqual(
      expect.arrayContaining(['items.itemCode', 'supplierName', 'warranty', 'warrantyMonths']),
    );
  });

  it('refuses a raw XML tag, which would write its value into the document as markup', async () => {
    const check = await validateDocxTemplate(templateOf('{@remark}'), contractDictionary);
    expect(check.errors).toEqual([expect.objectContaining({ code: 'raw_xml_tag', tag: 'remark' })]);
    await expect(fillDocxTemplate(templateOf('{@remark}'), { remark: '<w:p/>' })).rejects.toMatchObject({
      code: 'template_invalid',
      params: { code: 'raw_xml_tag', tag: 'remark' },
    });
  });

  it('refuses what is not a Word document', async () => {
    await expect(validateDocxTemplate(Buffer.from('not a zip'), contractDictionary)).rejects.toBeInstanceOf(
      OfficeDocumentError,
    );
    await expect(validateDocxTemplate(Buffer.from('not a zip'), contractDictionary)).rejects.toMatchObject({
      code: 'unreadable',
    });
  });

  it('refuses a document that inflates past the limits before reading it', async () => {
    // 20 MB of spaces compress to a few dozen KB: past what an upload of that size may inflate to.
    const bomb = docxOf({ body: wordParagraph(' '.repeat(20 * 1024 * 1024)) });
    expect(bomb.length).toBeLessThan(200_000);
    await expect(validateDocxTemplate(bomb, contractDictionary)).rejects.toMatchObject({ code: 'too_large' });
  });
});

describe('filling a contract template', () => {
  it('writes the values, one table row per item, the condition when true, and nothing for a null', async () => {
    const filled = await fillDocxTemplate(contractTemplate(), contract);
    const document = docxPart(filled, 'word/document.xml');
    expect(document.match(/<w:tr[ >]/g)).toHaveLength(4);
    const text = await docxParagraphs(filled);
    expect(text).toContain('甲方（买方）：苏州精密机械有限公司');
    expect(text).toContain('质保期：12 个月');
    expect(text).toContain('备注：');
    expect(text).not.toContain('{#warranty}');
    const rows = text.slice(text.indexOf('需求日期') + 1, text.indexOf('需求日期') + 1 + 3 * 8);
    expect(rows).toEqual(
      [1, 2, 3].flatMap((lineNo) => {
        const { itemCode, itemName, quantity, unit, price, amount, needByDate } = item(lineNo);
        return [String(lineNo), itemCode, itemName, String(quantity), unit, price, amount, needByDate];
      }),
    );
    expect(text[text.indexOf('需求日期') + 1 + 3 * 8]).toBe(
      '合同总金额：人民币 750.00 元（大写：柒佰伍拾元整）',
    );
    expect(docxPart(filled, 'word/header1.xml')).toContain('合同编号：HT-2026-0042');
  });

  it('leaves out what a false condition holds, without an empty paragraph, and a missing value empty', async () => {
    const { signDate: _, ...withoutDate } = contract;
    const text = await docxParagraphs(
      await fillDocxTemplate(contractTemplate(), { ...withoutDate, warranty: false }),
    );
    expect(text).toContain('签订日期：');
    expect(text.some((line) => line.includes('质保期'))).toBe(false);
    expect(text.at(-1)).toBe('备注：');
    expect(text.at(-2)).toContain('合同总金额');
  });

  it('fills a table of 1,000 item rows', async () => {
    // How fast is bench/docx.bench.ts's to say (no timings in tests).
    const items = Array.from({ length: 1000 }, (_, index) => ({ ...item(1), lineNo: index + 1 }));
    const filled = await fillDocxTemplate(contractTemplate(), { ...contract, items });
    expect(docxPart(filled, 'word/document.xml').match(/<w:tr[ >]/g)).toHaveLength(1001);
  });

  it('refuses a template that does not compile, with the first error', async () => {
    await expect(fillDocxTemplate(templateOf('{#items}'), contract)).rejects.toMatchObject({
      code: 'template_invalid',
      params: { code: 'unclosed_loop', tag: 'items' },
    });
  });
});
