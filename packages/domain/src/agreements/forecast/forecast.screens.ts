// Screens of forecasts (web): the buyer's forecasts and the supplier's, which it answers.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const forecast = () => import('./forecast.entity').then((m) => m.forecast);

export const forecastScreens: ScreenEntry[] = [
  ...entityScreens('agreements', 'srmPurForecast', forecast, {
    list: 'purForecastList',
    edit: 'purForecast/purForecastEdit',
  }),
  ...entityScreens('agreements', 'srmPurForecast', forecast, {
    list: 'supplierPurForecastList',
    edit: 'supplierPurForecastEdit',
  }),
];
