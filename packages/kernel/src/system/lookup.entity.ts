// Lookups (快码): named code lists. A type holds values; each value has a code, a meaning in
// Chinese and English, a description, an order, an optional parent value and business unit.
import { defineEntity } from '../entity/define';
import { checkbox, number, ref, text, textarea } from '../entity/fields';

export const lookupValues = defineEntity('baseLookupValues', {
  area: 'system',
  service: 'base',
  table: 'base_lookup_values',
  key: 'lookupValuesId',
  parent: { entity: 'baseLookupType', field: 'lookupTypeId' },
  display: 'meaning',
  supplierReadable: true,
  fields: {
    lookupType: text({
      max: 60,
      readonly: true,
      indexed: true,
      computed: (row, context) =>
        (context.header?.lookupType as string | undefined) ?? (row.lookupType as string),
    }),
    lookupCode: text({ required: true, max: 60 }),
    meaning: text({ required: true, max: 240, english: 'meaningEn' }),
    meaningEn: text({ max: 240 }),
    description: text({ max: 240 }),
    parentLookupValuesId: ref('baseLookupValues', { display: 'meaning', displayAs: 'parentMeaning' }),
    systemCode: text({ max: 30, default: 'BASE' }),
    seqNum: number({ min: 0, max: 999999 }),
    enabledFlag: checkbox({ default: 'Y' }),
    buOrgId: number({ min: 0 }),
  },
  unique: [['lookupType', 'lookupCode']],
  list: {
    columns: ['lookupType', 'lookupCode', 'meaning', 'meaningEn', 'description', 'seqNum', 'enabledFlag'],
    filters: [
      { field: 'lookupType', op: 'eq' },
      { field: 'lookupCode', op: 'prefix' },
      'meaning',
      'enabledFlag',
    ],
    sort: [{ field: 'seqNum', order: 'asc' }],
  },
});

export const lookupType = defineEntity('baseLookupType', {
  area: 'system',
  service: 'base',
  table: 'base_lookup_type',
  key: 'lookupTypeId',
  supplierReadable: true,
  fields: {
    lookupType: text({ required: true, unique: true, max: 60, format: 'code' }),
    meaning: text({ required: true, max: 240, english: 'meaningEn' }),
    meaningEn: text({ max: 240 }),
    description: textarea({ max: 1000 }),
    systemCode: text({ max: 30, default: 'BASE' }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  lines: { values: lookupValues },
  list: {
    columns: ['lookupType', 'meaning', 'meaningEn', 'systemCode', 'enabledFlag', 'lastUpdateDate'],
    filters: [{ field: 'lookupType', op: 'prefix' }, 'meaning', 'systemCode', 'enabledFlag'],
    sort: [{ field: 'lookupType', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['lookupType', 'meaning', 'meaningEn', 'systemCode', 'enabledFlag', 'description'],
      },
    ],
  },
});

export const lookupEntities = [lookupType, lookupValues];
