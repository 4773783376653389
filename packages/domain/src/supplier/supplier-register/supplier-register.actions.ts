// The buyer's decision on a registration (made through its approval process): approval creates
// the supplier with the registration's indirect profile and lines (contacts, accounts,
// credentials, sites, locations, categories offered, brands, devices) and its first external user
// with an initial password sent by e-mail; rejection tells the company why. A non-production or
// service supplier submits only with its service scope and regions given.
import { AppError, defineActions } from '@srm/platform';
import { createPortalUser, mailBothLanguages } from '../portal-user';
import { INDIRECT_FIELDS, indirectMissing } from '../supplier-info/indirect-profile';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { REGISTER_LINE_FIELDS } from './supplier-register-lines.entity';
import { supplierRegister } from './supplier-register.entity';
import { assertAvailable } from './supplier-register.rules';

/** These fields of a row, as they are. */
function pick<T extends object, const N extends keyof T>(row: T, names: readonly N[]): Pick<T, N> {
  return Object.fromEntries(names.map((name) => [name, row[name]])) as Pick<T, N>;
}

export const supplierRegisterActions = defineActions(supplierRegister, {
  guards: {
    doSubmit(ctx) {
      const missing = indirectMissing(ctx.previous);
      return missing.length ? { message: 'srmSupplierRegister.indirectRequired', field: missing[0] } : null;
    },
    async doApproval(ctx) {
      const { previous } = ctx;
      if (previous.emailConfirmed !== 'Y') return { message: 'srmSupplierRegister.emailNotConfirmed' };
      try {
        await assertAvailable(ctx, previous, previous.registerId);
      } catch (error) {
        if (error instanceof AppError) return { message: error.messageKey };
        throw error;
      }
      return null;
    },
  },
  actions: {
    /** Creates the supplier with the registration's contacts and accounts, its first user, and tells the company. */
    async doApproval(ctx) {
      const { row, input } = ctx;
      const stored = await ctx.find(supplierRegister, row.registerId);
      // The approver decides the registration; the supplier it becomes is the platform's to create
      // (an approver need not be allowed to create suppliers).
      const platform = ctx.system('an approved registration becomes a supplier');
      const contacts = stored.contacts.map((line) => ({
        contactName: line.contactName,
        contactRole: line.contactRole,
        position: line.position,
        mobile: line.mobile,
        phone: line.phone,
        email: line.email,
      }));
      const supplier = await platform.save(supplierInfo, {
        supplierName: row.companyName,
        creditCode: row.creditCode,
        supplierType: row.supplierType ?? 'PRODUCTION',
        legalPerson: row.legalPerson,
        registeredCapital: row.registeredCapital,
        capitalCurrency: row.capitalCurrency ?? 'CNY',
        establishDate: row.establishDate,
        districtId: row.districtId,
        address: row.address,
        website: row.website,
        businessScope: row.businessScope,
        ...pick(row, INDIRECT_FIELDS),
        attachmentIds: row.attachmentIds,
        contactName: row.contactName,
        contactMobile: row.contactMobile,
        contactPhone: row.contactPhone,
        contactEmail: row.contactEmail,
        contacts: contacts.length
          ? contacts
          : [
              {
                contactName: row.contactName,
                contactRole: 'BUSINESS',
                mobile: row.contactMobile,
                phone: row.contactPhone,
                email: row.contactEmail,
                primaryFlag: 'Y',
              },
            ],
        accounts: stored.accounts.map((line) => ({
          bankName: line.bankName,
          bankBranch: line.bankBranch,
          bankAccountName: line.bankAccountName,
          bankAccountNumber: line.bankAccountNumber,
          swiftCode: line.swiftCode,
          primaryFlag: line.primaryFlag ?? 'N',
        })),
        credentials: stored.credentials.map((line) => pick(line, REGISTER_LINE_FIELDS.credentials)),
        sites: stored.sites.map((line) => pick(line, REGISTER_LINE_FIELDS.sites)),
        locations: [
          ...(row.address
            ? [{ locationType: 'REGISTERED', districtId: row.districtId, address: row.address }]
            : []),
          ...stored.locations.map((line) => pick(line, REGISTER_LINE_FIELDS.locations)),
        ],
        categories: stored.categories.map((line) => pick(line, REGISTER_LINE_FIELDS.categories)),
        brands: stored.brands.map((line) => pick(line, REGISTER_LINE_FIELDS.brands)),
        devices: stored.devices.map((line) => pick(line, REGISTER_LINE_FIELDS.devices)),
      });
      await platform.patch(supplierInfo, supplier.supplierId, { registerId: row.registerId });
      const { password } = await createPortalUser(ctx, {
        supplierId: supplier.supplierId,
        userName: row.userName,
        fullName: row.contactName,
        email: row.contactEmail,
        mobile: row.contactMobile,
      });
      await ctx.patch(supplierRegister, row.registerId, {
        supplierId: supplier.supplierId,
        reviewComment: input.comment ?? null,
      });
      await mailBothLanguages(
        ctx,
        row.contactEmail,
        'srmSupplierRegister.mail.approvedSubject',
        'srmSupplierRegister.mail.approvedText',
        { name: row.contactName, company: row.companyName, userName: row.userName, password },
        'REGISTER_APPROVED',
      );
    },

    async doReject(ctx) {
      const { row, input } = ctx;
      const comment = input.comment ?? '';
      await ctx.patch(supplierRegister, row.registerId, { reviewComment: comment });
      await mailBothLanguages(
        ctx,
        row.contactEmail,
        'srmSupplierRegister.mail.rejectedSubject',
        'srmSupplierRegister.mail.rejectedText',
        { name: row.contactName, company: row.companyName, comment },
        'REGISTER_REJECTED',
      );
    },
  },
});
