// Word documents written from parts: content types, the package relation, the main document and
// its relations, headers, footers and footnotes; with builders for the WordprocessingML of
// paragraphs, runs and tables. The demo's contract templates are made with it, and the tests'
// documents (docx-fixture.testing.ts adds tracked changes).
import PizZip from 'pizzip';

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const RELATIONSHIP_TYPES = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';

export interface DocxContent {
  /** The inside of `w:body`: paragraphs and tables (a section's properties are added). */
  readonly body: string;
  /** The inside of each `w:hdr` (paragraphs). */
  readonly headers?: readonly string[];
  /** The inside of each `w:ftr`. */
  readonly footers?: readonly string[];
  /** The inside of each footnote (paragraphs), numbered from 1. */
  readonly footnotes?: readonly string[];
}

/** Text escaped for XML content and attributes. */
export function xmlText(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** A run of text; `properties` is the inside of its `w:rPr`. */
export function wordRun(text: string, properties = ''): string {
  const rPr = properties ? `<w:rPr>${properties}</w:rPr>` : '';
  return `<w:r>${rPr}<w:t xml:space="preserve">${xmlText(text)}</w:t></w:r>`;
}

/** A paragraph of runs; a plain string is one run of that text. */
export function wordParagraph(...runs: string[]): string {
  return `<w:p>${runs.map((part) => (part.startsWith('<') ? part : wordRun(part))).join('')}</w:p>`;
}

/** The text width of the page docxOf makes, in twips: A4 (11906) less two margins of 1134. */
const TEXT_WIDTH = 11906 - 2 * 1134;

/**
 * A table of rows of cells; each cell's content is paragraphs, or a plain string (one paragraph).
 * Its columns share the text width equally, or take the widths given (twips).
 */
export function wordTable(rows: readonly (readonly string[])[], widths?: readonly number[]): string {
  const columns = Math.max(...rows.map((row) => row.length));
  // Within the page's text width (above): a wider table runs off the page, its last columns unseen.
  const width = (index: number) => widths?.[index] ?? Math.floor(TEXT_WIDTH / columns);
  const grid = `<w:tblGrid>${Array.from({ length: columns }, (_, index) => `<w:gridCol w:w="${width(index)}"/>`).join('')}</w:tblGrid>`;
  const cell = (content: string, index: number) =>
    `<w:tc><w:tcPr><w:tcW w:w="${width(index)}" w:type="dxa"/></w:tcPr>${content.startsWith('<') ? content : wordParagraph(content)}</w:tc>`;
  return (
    '<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders>' +
    ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
      .map((side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`)
      .join('') +
    `</w:tblBorders></w:tblPr>${grid}${rows.map((row) => `<w:tr>${row.map((content, index) => cell(content, index)).join('')}</w:tr>`).join('')}</w:tbl>`
  );
}

function part(root: string, inner: string): string {
  return `${DECLARATION}<w:${root} xmlns:w="${W_NS}" xmlns:r="${R_NS}">${inner}</w:${root}>`;
}

/** A .docx of this content. */
export function docxOf(content: DocxContent): Buffer {
  const headers = content.headers ?? [];
  const footers = content.footers ?? [];
  const zip = new PizZip();
  const overrides = [
    ['/word/document.xml', `${CONTENT_TYPE}.document.main+xml`],
    ...headers.map((_, index) => [`/word/header${index + 1}.xml`, `${CONTENT_TYPE}.header+xml`]),
    ...footers.map((_, index) => [`/word/footer${index + 1}.xml`, `${CONTENT_TYPE}.footer+xml`]),
    ...(content.footnotes ? [['/word/footnotes.xml', `${CONTENT_TYPE}.footnotes+xml`]] : []),
  ];
  zip.file(
    '[Content_Types].xml',
    `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      overrides.map(([name, type]) => `<Override PartName="${name}" ContentType="${type}"/>`).join('') +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    `${DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIP_TYPES}/officeDocument" Target="word/document.xml"/>` +
      '</Relationships>',
  );
  const relations = [
    ...headers.map((_, index) => [`rIdH${index + 1}`, 'header', `header${index + 1}.xml`]),
    ...footers.map((_, index) => [`rIdF${index + 1}`, 'footer', `footer${index + 1}.xml`]),
    ...(content.footnotes ? [['rIdN', 'footnotes', 'footnotes.xml']] : []),
  ];
  zip.file(
    'word/_rels/document.xml.rels',
    `${DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      relations
        .map(
          ([id, type, target]) =>
            `<Relationship Id="${id}" Type="${RELATIONSHIP_TYPES}/${type}" Target="${target}"/>`,
        )
        .join('') +
      '</Relationships>',
  );
  const references =
    (headers.length ? '<w:headerReference w:type="default" r:id="rIdH1"/>' : '') +
    (footers.length ? '<w:footerReference w:type="default" r:id="rIdF1"/>' : '');
  // A4 with 2 cm margins.
  const section = `<w:sectPr>${references}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="567" w:footer="567" w:gutter="0"/></w:sectPr>`;
  zip.file('word/document.xml', part('document', `<w:body>${content.body}${section}</w:body>`));
  headers.forEach((inner, index) => zip.file(`word/header${index + 1}.xml`, part('hdr', inner)));
  footers.forEach((inner, index) => zip.file(`word/footer${index + 1}.xml`, part('ftr', inner)));
  if (content.footnotes)
    zip.file(
      'word/footnotes.xml',
      part(
        'footnotes',
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
          content.footnotes
            .map((inner, index) => `<w:footnote w:id="${index + 1}">${inner}</w:footnote>`)
            .join(''),
      ),
    );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
