// The buyer's decision on a registration (made through its approval process): approval creates
// the supplier with the registration's contacts and accounts and its first external user with an
// initial password sent by e-mail; rejection tells the company why.
import { AppError, defineActions } from '@srm/platform';
import { createPortalUser, mailBothLanguages } from '../portal-user';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { supplierRegister } from './supplier-register.entity';
import { assertAvailable } from './supplier-register.rules';

export const supplierRegisterActions = defineActions(supplierRegister, {
  guards: {
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
        locations: row.address
          ? [{ locationType: 'REGISTERED', districtId: row.districtId, address: row.address }]
          : [],
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
