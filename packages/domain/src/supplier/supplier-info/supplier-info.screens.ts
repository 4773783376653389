// Screens of the supplier master (web): the buyer's supplier list with the full form and the short
// one (create2: a potential supplier's name, credit code, type, contact and categories), and the
// supplier's own company page.
import type { EntityDef } from '@srm/kernel';
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { businessInfoButton } from '../business-info/business-info.buttons';
import { CREATE2_PATH, quickCreateButton } from './supplier-info.buttons';

const info = () => import('./supplier-info.entity').then((m) => m.supplierInfo);

/** The master as the short form shows it: the fields a potential supplier needs, and its categories. */
const short = () =>
  info().then((full): EntityDef => ({
    ...full,
    form: {
      sections: [
        { key: 'company', fields: ['supplierName', 'creditCode', 'supplierType', 'status'] },
        { key: 'contact', fields: ['contactName', 'contactMobile', 'contactEmail'] },
      ],
    },
    lines: { categories: full.lines.categories! },
  }));

export const supplierInfoScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmSupplierInfo', info, {
    list: 'supplierInfoList',
    edit: 'supplierInfoEdit',
    listButtons: [quickCreateButton],
    editButtons: [businessInfoButton('srmSupplierInfo')],
  }),
  {
    path: CREATE2_PATH,
    kind: 'edit',
    area: 'supplier',
    title: 'srmSupplierInfo.create2Title',
    entityName: 'srmSupplierInfo',
    entity: short,
    menu: false,
  },
  ...entityScreens('supplier', 'srmSupplierInfo', info, {
    list: 'supplier/companyInfo',
    edit: 'supplier/companyInfoEdit',
  }),
];
