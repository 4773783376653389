// Base data on the server: the area's hooks and endpoints, and its demo data.
import type { EntityActions, Seed } from '@srm/platform';
import { categoryActions } from './category.actions';
import { configProfileActions } from './config-profile.actions';
import { deliveryInfoActions } from './delivery-info.actions';
import { districtActions } from './district.actions';
import { exchangeRateActions } from './exchange-rate.actions';
import { orgActions } from './org.actions';
import { orgRelationActions } from './org-relation.actions';
import { unitConversionActions } from './unit-conversion.actions';
import { uomActions } from './uom.actions';
import { baseDataSeedList } from './base-data.seed';

export const baseDataActions: EntityActions[] = [
  orgActions,
  orgRelationActions,
  categoryActions,
  uomActions,
  // Hooks of the platform's lookup type: the UNIT_CONVERSION_RATIO values name units of this area.
  unitConversionActions,
  exchangeRateActions,
  districtActions,
  deliveryInfoActions,
  configProfileActions,
];

export const baseDataSeeds: Seed[] = baseDataSeedList;
