// Administration on the server: the demo menus, roles, responsibilities and internal users.
import { defineServerArea } from '@srm/platform';
import { adminArea } from './area';
import { adminSeeds } from './admin.seed';

export const adminServer = defineServerArea(adminArea, { seeds: adminSeeds });
