// The names a contract template may use, and the values of a contract under them: the header's
// fields and both parties, the amounts (with the amount including tax in Chinese capitals), and
// three loops — the items, the payment stages and the clauses. The template check and the
// document generation read the same list, so a template that passes its check fills without a
// missing name.
import type { DocxTemplateDictionary } from '@srm/platform';

export const CONTRACT_VARIABLES = [
  'contractNumber',
  'contractName',
  'contractType',
  'orgName',
  'supplierName',
  'buyerName',
  'currencyCode',
  'amountExclTax',
  'taxAmount',
  'amountInclTax',
  'amountInWords',
  'effectiveFrom',
  'effectiveTo',
  'warrantyMonths',
  'partyAName',
  'partyAAddress',
  'partyABank',
  'partyAAccount',
  'partyARepresentative',
  'partyAAgent',
  'partyBName',
  'partyBAddress',
  'partyBBank',
  'partyBAccount',
  'partyBRepresentative',
  'partyBAgent',
  'remark',
] as const;

export const CONTRACT_LOOPS = {
  items: [
    'lineNum',
    'itemCode',
    'itemName',
    'itemDescription',
    'specification',
    'uomName',
    'quantity',
    'unitPrice',
    'taxRate',
    'unitPriceInclTax',
    'amountExclTax',
    'amountInclTax',
    'needByDate',
    'deliverySite',
  ],
  stages: [
    'stageNum',
    'stageName',
    'milestone',
    'plannedDate',
    'ratio',
    'stageAmount',
    'paymentMethod',
    'daysAfter',
  ],
  clauses: ['sequenceNum', 'termsTitle', 'termsBody'],
} as const;

export const CONTRACT_DICTIONARY: DocxTemplateDictionary = {
  variables: CONTRACT_VARIABLES,
  loops: CONTRACT_LOOPS,
};
