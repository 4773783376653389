// Office documents for contracts: Word templates checked and filled, tracked changes listed and
// resolved, revisions compared paragraph by paragraph, documents converted to PDF.
export { OfficeDocumentError, type OfficeErrorCode } from '../files/office';
export {
  type DocxTemplateCheck,
  type DocxTemplateDictionary,
  type DocxTemplateIssue,
  fillDocxTemplate,
  validateDocxTemplate,
} from './docx-template';
export {
  type TrackedChange,
  type TrackedChangeKind,
  type TrackedChangeTarget,
  type TrackedChanges,
  acceptAllChanges,
  rejectAllChanges,
  trackedChanges,
} from './tracked-changes';
export { type ParagraphDiff, type ParagraphOptions, compareParagraphs, docxParagraphs } from './revisions';
export { type DocxToPdfOptions, docxToPdf } from './docx-pdf';
export * from './docx-build';
