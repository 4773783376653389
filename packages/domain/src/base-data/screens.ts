// Screens of base data (web): one line per entity gives its list and edit screens. Definitions
// load with the screen, so the shell does not carry them.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const baseDataScreens: ScreenEntry[] = [
  ...entityScreens('base-data', 'srmBaseOrg', () => import('./org.entity').then((m) => m.org), {
    list: 'institution',
    edit: 'institutionEdit',
  }),
  ...entityScreens(
    'base-data',
    'srmBaseOrgRelation',
    () => import('./org-relation.entity').then((m) => m.orgRelation),
    { list: 'orgAssociationList', edit: 'orgAssociationEdit' },
  ),
  ...entityScreens(
    'base-data',
    'srmBaseCategory',
    () => import('./category.entity').then((m) => m.category),
    { list: 'purchaseCassificationManagement', edit: 'purchaseCassificationEdit' },
  ),
  ...entityScreens('base-data', 'srmBaseItem', () => import('./item.entity').then((m) => m.item), {
    list: 'materialManagement',
    edit: 'materialManagementEdit',
  }),
  ...entityScreens('base-data', 'srmBaseItemOrg', () => import('./item-org.entity').then((m) => m.itemOrg), {
    list: 'organizationMaterialQuery',
    edit: 'organizationMaterialEdit',
  }),
  ...entityScreens('base-data', 'srmBaseUom', () => import('./uom.entity').then((m) => m.uom)),
  ...entityScreens('base-data', 'srmBaseCurrency', () => import('./currency.entity').then((m) => m.currency)),
  ...entityScreens(
    'base-data',
    'srmBaseExchangeRate',
    () => import('./exchange-rate.entity').then((m) => m.exchangeRate),
    { list: 'exchangeRateManagement', edit: 'exchangeRateEdit' },
  ),
  ...entityScreens(
    'base-data',
    'srmBasePaymentTerm',
    () => import('./payment-term.entity').then((m) => m.paymentTerm),
    { list: 'paymentProportionManagement', edit: 'paymentProportionManagementEdit' },
  ),
  ...entityScreens('base-data', 'srmBaseDistrict', () => import('./district.entity').then((m) => m.district)),
  ...entityScreens(
    'base-data',
    'srmBaseStorageLocation',
    () => import('./storage-location.entity').then((m) => m.storageLocation),
    { list: 'storageLocationList', edit: 'storageLocationEdit' },
  ),
  ...entityScreens(
    'base-data',
    'srmBaseDeliveryInfo',
    () => import('./delivery-info.entity').then((m) => m.deliveryInfo),
    { list: 'deliveryInfoList', edit: 'deliveryInfoEdit' },
  ),
  ...entityScreens('base-data', 'srmBaseConfigProfile', () =>
    import('./config-profile.entity').then((m) => m.configProfile),
  ),
];
