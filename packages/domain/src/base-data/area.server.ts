// Base data on the server: its objects' behaviour and endpoints, and its demo data.
import { defineServerArea } from '@srm/platform';
import { baseDataArea } from './area';
import { baseDataSeedList } from './base-data.seed';
import { categoryActions } from './category/category.actions';
import { configProfileActions } from './config-profile/config-profile.actions';
import { configProfileEndpoints } from './config-profile/config-profile.endpoints';
import { deliveryInfoActions } from './delivery-info/delivery-info.actions';
import { districtActions } from './district/district.actions';
import { districtEndpoints } from './district/district.endpoints';
import { exchangeRateEndpoints } from './exchange-rate/exchange-rate.endpoints';
import { orgActions } from './org/org.actions';
import { orgRelationActions } from './org-relation/org-relation.actions';
import { unitConversionActions } from './uom/unit-conversion.actions';
import { uomActions } from './uom/uom.actions';
import { uomEndpoints } from './uom/uom.endpoints';

export const baseDataServer = defineServerArea(baseDataArea, {
  actions: [
    orgActions,
    orgRelationActions,
    categoryActions,
    uomActions,
    uomEndpoints,
    // Hooks of the platform's lookup type: the UNIT_CONVERSION_RATIO values name units of this area.
    unitConversionActions,
    exchangeRateEndpoints,
    districtActions,
    districtEndpoints,
    deliveryInfoActions,
    configProfileActions,
    configProfileEndpoints,
  ],
  seeds: baseDataSeedList,
});
