// Demo qualification requirements: machined parts need ISO 9001, sheet metal for the Suzhou
// operating unit IATF 16949 as well (supplier A's expires five days after the demo was made),
// electronic components ISO 9001; a business licence is asked everywhere but not mandatory.
import { defineSeed } from '@srm/platform';

/** [category code, org code or null, credential type, mandatory, minimum days of validity]. */
const REQUIREMENTS: readonly (readonly [string, string | null, string, 'Y' | 'N', number])[] = [
  ['02', null, 'ISO9001', 'Y', 30],
  ['0201', 'OU100', 'IATF16949', 'Y', 30],
  ['01', null, 'ISO9001', 'Y', 30],
  ['01', null, 'BUSINESS_LICENCE', 'N', 0],
  ['02', null, 'BUSINESS_LICENCE', 'N', 0],
];

export const qualificationRequirementSeed = defineSeed(
  'supplier.qualification-requirements',
  async (context) => {
    for (const [categoryCode, orgCode, credentialType, mandatoryFlag, minValidDays] of REQUIREMENTS) {
      const categoryId = await context.idOf('srmBaseCategory', { categoryCode });
      const orgId = orgCode === null ? null : await context.idOf('srmBaseOrg', { orgCode });
      await context.put(
        'srmQualificationRequirement',
        { categoryId, orgId, credentialType },
        { categoryId, orgId, credentialType, mandatoryFlag, minValidDays },
      );
    }
  },
);
