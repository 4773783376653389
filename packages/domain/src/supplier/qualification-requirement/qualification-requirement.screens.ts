// Screens of qualification requirements (web): the buyer's list and form.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const requirement = () =>
  import('./qualification-requirement.entity').then((m) => m.qualificationRequirement);

export const qualificationRequirementScreens: ScreenEntry[] = entityScreens(
  'supplier',
  'srmQualificationRequirement',
  requirement,
  { list: 'qualificationRequirementList', edit: 'qualificationRequirementEdit' },
);
