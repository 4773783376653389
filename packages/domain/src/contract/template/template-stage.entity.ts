// A template's default payment stages (默认付款阶段): stage name, milestone, ratio, method, days
// after the milestone and retention, as a contract's stages have them but without amounts. A
// contract that picks the template while it has no stages of its own gets them, their amounts
// split from its total (../contract/contract.actions.ts).
import { defineEntity, lookup, number, text } from '@srm/kernel';
import { PAYMENT_METHODS, STAGE_MILESTONES } from '../contract/contract-lines.entity';

export const templateStage = defineEntity('srmCctTemplateStage', {
  area: 'contract',
  key: 'templateStageId',
  parent: { entity: 'srmCctTemplate', field: 'templateId' },
  display: 'stageName',
  fields: {
    stageNum: number({ required: true, min: 1, sequence: { step: 1 } }),
    stageName: text({ required: true, max: 60 }),
    milestone: lookup('CCT_STAGE_MILESTONE', { required: true, codes: STAGE_MILESTONES }),
    /** Percent of the contract's amount including tax; a template's stages add up to 100. */
    ratio: number({ required: true, precision: 2, min: 0.01, max: 100 }),
    paymentMethod: lookup('CCT_PAYMENT_METHOD', { codes: PAYMENT_METHODS }),
    daysAfter: number({ min: 0, max: 3650, default: 0 }),
    retentionRatio: number({ precision: 2, min: 0, max: 100, default: 0 }),
  },
  list: {
    columns: ['stageNum', 'stageName', 'milestone', 'ratio', 'paymentMethod', 'daysAfter', 'retentionRatio'],
  },
});
