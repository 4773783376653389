// Watermark rules of contract documents (水印规则): the text an unsigned contract document carries
// when it is shown or downloaded, by the reader's side (cctWatermarkListInside for internal
// readers, cctWatermarkListSupp for suppliers'), contract type and use. The text is drawn into
// the served copy; the stored file and any signed PDF stay as they are (ADR 0030).
import { attachments, checkbox, defineEntity, lookup, number, text, textarea } from '@srm/kernel';
import { CONTRACT_TYPES } from '../terms/terms.entity';

/** Whose reading the rule marks: internal users' or suppliers'. */
export const WATERMARK_SIDES = ['INSIDE', 'SUPPLIER'] as const;
/** Shown in the viewer (and printed from it), or downloaded. */
export const WATERMARK_USES = ['VIEW', 'DOWNLOAD'] as const;
/** What a rule's text may name, filled when the copy is served. */
export const WATERMARK_VARIABLES = [
  'userName',
  'fullName',
  'orgName',
  'supplierName',
  'contractNumber',
  'date',
  'ip',
] as const;

/** The `{name}` tags of a text that are not watermark variables. */
export function unknownWatermarkVariables(template: string): string[] {
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]!);
  return [...new Set(names.filter((name) => !(WATERMARK_VARIABLES as readonly string[]).includes(name)))];
}

export const contractWatermark = defineEntity('srmCctWatermark', {
  area: 'contract',
  key: 'watermarkId',
  display: 'watermarkName',
  fields: {
    watermarkName: text({ required: true, max: 100 }),
    side: lookup('CCT_WATERMARK_SIDE', { required: true, codes: WATERMARK_SIDES }),
    /** `{fullName} {orgName} {date}`: the variables above, filled for each reader. */
    textTemplate: text({ required: true, max: 200, default: '{fullName} {date}' }),
    /** Contract types the rule marks; empty: every type. */
    contractTypes: lookup('CCT_CONTRACT_TYPE', { multi: true, codes: CONTRACT_TYPES }),
    /** Uses the rule marks; empty: both. */
    documentUses: lookup('CCT_WATERMARK_USE', { multi: true, codes: WATERMARK_USES }),
    opacity: number({ required: true, precision: 2, min: 0.05, max: 1, step: 0.05, default: 0.15 }),
    angle: number({ required: true, min: -90, max: 90, default: 30 }),
    fontSize: number({ required: true, min: 6, max: 72, default: 16 }),
    /** Repeated over the page, or once in its middle. */
    tiled: checkbox({ default: 'Y' }),
    /**
     * An image shown above the text (a company's mark, a 保密 stamp; a tile of
     * generateBlankImageWatermark will do): PNG or JPEG, at most 512 KB.
     */
    imageFileIds: attachments({ maxCount: 1, accept: ['png', 'jpg', 'jpeg'] }),
    /** The image's width on the page, in points (its height keeps its proportions). */
    imageWidth: number({ min: 10, max: 400, default: 60 }),
    /** Where several rules match, the lowest number wins. */
    sortNo: number({ min: 0, max: 9999, default: 10 }),
    enabledFlag: checkbox({ default: 'Y' }),
    remark: textarea({ max: 500 }),
  },
  list: {
    columns: [
      'watermarkName',
      'side',
      'textTemplate',
      'contractTypes',
      'documentUses',
      'opacity',
      'angle',
      'fontSize',
      'tiled',
      'sortNo',
      'enabledFlag',
    ],
    filters: ['watermarkName', 'side', 'enabledFlag'],
    sort: [{ field: 'sortNo', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'watermarkName',
          'side',
          'textTemplate',
          'contractTypes',
          'documentUses',
          'sortNo',
          'enabledFlag',
          'remark',
        ],
      },
      { key: 'appearance', fields: ['opacity', 'angle', 'fontSize', 'tiled', 'imageFileIds', 'imageWidth'] },
    ],
  },
});
