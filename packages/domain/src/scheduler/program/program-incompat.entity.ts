// A program that must not run while this one runs (the rule holds both ways).
import { defineEntity, number, ref } from '@srm/kernel';

export const programIncompat = defineEntity('baseConcurrentProgramIncompat', {
  area: 'scheduler',
  service: 'schedule',
  key: 'programIncompatId',
  display: 'incompatibleProgramId',
  parent: { entity: 'baseConcurrentProgram', field: 'programId' },
  unique: [['programId', 'incompatibleProgramId']],
  fields: {
    programId: ref('baseConcurrentProgram', { required: true, onDelete: 'cascade' }),
    lineNum: number({ required: true, min: 1, max: 999, sequence: { step: 1 } }),
    incompatibleProgramId: ref('baseConcurrentProgram', {
      required: true,
      display: 'programCode',
      displayAs: 'incompatibleProgramCode',
    }),
  },
  list: { columns: ['lineNum', 'incompatibleProgramId'] },
});
