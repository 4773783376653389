// Word documents made in tests: the builders of docx-build.ts, tracked insertions, deletions, moves
// and formatting changes, and a contract template with its dictionary.
import PizZip from 'pizzip';
import { docxOf, wordParagraph, wordRun, wordTable, xmlText } from './docx-build';

export { type DocxContent, docxOf, wordParagraph, wordRun, wordTable } from './docx-build';

let changeId = 100;

function changeAttributes(author: string, date: string): string {
  return `w:id="${changeId++}" w:author="${xmlText(author)}" w:date="${date}"`;
}

/** Runs inserted with tracked changes on. */
export function trackedInsertion(author: string, date: string, text: string): string {
  return `<w:ins ${changeAttributes(author, date)}>${wordRun(text)}</w:ins>`;
}

/** Text deleted with tracked changes on (kept as `w:delText` until accepted). */
export function trackedDeletion(author: string, date: string, text: string): string {
  return `<w:del ${changeAttributes(author, date)}><w:r><w:delText xml:space="preserve">${xmlText(text)}</w:delText></w:r></w:del>`;
}

/** Text moved away from here (`w:moveFrom`) or to here (`w:moveTo`), with the move's range markers. */
export function trackedMove(
  direction: 'from' | 'to',
  author: string,
  date: string,
  text: string,
  name = 'move1',
): string {
  const element = direction === 'from' ? 'moveFrom' : 'moveTo';
  const id = changeId++;
  const content =
    direction === 'from'
      ? `<w:r><w:delText xml:space="preserve">${xmlText(text)}</w:delText></w:r>`
      : wordRun(text);
  return (
    `<w:${element}RangeStart w:id="${id}" w:author="${xmlText(author)}" w:date="${date}" w:name="${name}"/>` +
    `<w:${element} ${changeAttributes(author, date)}>${content}</w:${element}>` +
    `<w:${element}RangeEnd w:id="${id}"/>`
  );
}

/** A run whose formatting changed with tracked changes on: now bold, before plain. */
export function trackedFormatting(author: string, date: string, text: string): string {
  return wordRun(text, `<w:b/><w:rPrChange ${changeAttributes(author, date)}><w:rPr/></w:rPrChange>`);
}

/** A paragraph whose runs and mark were all deleted with tracked changes on (a removed paragraph). */
export function trackedParagraphDeletion(author: string, date: string, text: string): string {
  return `<w:p><w:pPr><w:rPr><w:del ${changeAttributes(author, date)}/></w:rPr></w:pPr>${trackedDeletion(author, date, text)}</w:p>`;
}

/** A paragraph inserted whole with tracked changes on (its mark too). */
export function trackedParagraphInsertion(author: string, date: string, text: string): string {
  return `<w:p><w:pPr><w:rPr><w:ins ${changeAttributes(author, date)}/></w:rPr></w:pPr>${trackedInsertion(author, date, text)}</w:p>`;
}

/** The text of a part of a .docx (for asserting on the XML a function wrote). */
export function docxPart(bytes: Uint8Array, name: string): string {
  const file = new PizZip(bytes).file(name);
  if (!file) throw new Error(`no ${name} in the document`);
  return file.asText();
}

/** The purchase contract template the tests fill: variables, an items table row loop, a condition. */
export function contractTemplate(): Buffer {
  return docxOf({
    headers: [wordParagraph('合同编号：{contractNumber}')],
    body: [
      wordParagraph('采购合同'),
      wordParagraph('甲方（买方）：{buyerName}'),
      wordParagraph('乙方（卖方）：{supplierName}'),
      wordParagraph('签订日期：{signDate}'),
      wordTable([
        ['序号', '物料编码', '物料名称', '数量', '单位', '单价', '金额', '需求日期'],
        [
          '{#items}{lineNo}',
          '{itemCode}',
          '{itemName}',
          '{quantity}',
          '{unit}',
          '{price}',
          '{amount}',
          '{needByDate}{/items}',
        ],
      ]),
      wordParagraph('合同总金额：人民币 {totalAmount} 元（大写：{totalAmountInWords}）'),
      wordParagraph('{#warranty}'),
      wordParagraph('质保期：{warrantyMonths} 个月'),
      wordParagraph('{/warranty}'),
      wordParagraph('备注：{remark}'),
    ].join(''),
  });
}

/** The dictionary of the contract template. */
export const contractDictionary = {
  variables: [
    'contractNumber',
    'buyerName',
    'supplierName',
    'signDate',
    'totalAmount',
    'totalAmountInWords',
    'warranty',
    'warrantyMonths',
    'remark',
  ],
  loops: { items: ['lineNo', 'itemCode', 'itemName', 'quantity', 'unit', 'price', 'amount', 'needByDate'] },
};
