// Screens of exchange rates (web): its list and edit screens; the definition loads with the screen.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const exchangeRateScreens: ScreenEntry[] = entityScreens(
  'base-data',
  'srmBaseExchangeRate',
  () => import('./exchange-rate.entity').then((m) => m.exchangeRate),
  { list: 'exchangeRateManagement', edit: 'exchangeRateEdit' },
);
