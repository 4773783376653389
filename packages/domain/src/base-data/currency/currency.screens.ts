// Screens of currencies (web): its list and edit screens; the definition loads with the screen.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const currencyScreens: ScreenEntry[] = entityScreens('base-data', 'srmBaseCurrency', () =>
  import('./currency.entity').then((m) => m.currency),
);
