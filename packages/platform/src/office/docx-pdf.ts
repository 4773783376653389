// Word documents (filled contracts) converted to PDF by LibreOffice, through the same converter
// as the attachments' previews: a profile of its own per conversion, the zip checked first, a
// memory limit, the process group killed at the timeout. Contract conversions have a pool of
// their own, as many slots as the machine has cores unless SRM_OFFICE_DOCUMENT_CONVERSIONS says
// otherwise, so a batch of contracts neither waits behind previews nor holds them up.
import { availableParallelism } from 'node:os';
import { type ConversionSlots, conversionSlots, convertOfficeToPdf } from '../files/office';

let slots: ConversionSlots | null = null;

/** The pool of contract conversions, sized on first use. */
function documentSlots(): ConversionSlots {
  const configured = Number(process.env.SRM_OFFICE_DOCUMENT_CONVERSIONS);
  slots ??= conversionSlots(
    Number.isInteger(configured) && configured > 0 ? configured : availableParallelism(),
  );
  return slots;
}

export interface DocxToPdfOptions {
  /** Past this the conversion is killed (`conversion_timeout`); `SRM_OFFICE_TIMEOUT_MS` (60 s) by default. */
  readonly timeoutMs?: number;
}

/**
 * A .docx as PDF bytes. Throws OfficeDocumentError `office_unavailable`, `too_large`,
 * `conversion_failed` or `conversion_timeout` (with `seconds`).
 */
export function docxToPdf(bytes: Uint8Array, options: DocxToPdfOptions = {}): Promise<Buffer> {
  return convertOfficeToPdf(bytes, {
    format: 'docx',
    slots: documentSlots(),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
}
