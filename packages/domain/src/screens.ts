// The business areas' screens (web): the registry lines of every area.
import type { ScreenEntry } from '@srm/platform-ui';
import { baseDataScreens } from './base-data/screens';

export const domainScreens: ScreenEntry[] = [...baseDataScreens];
