// What a registration must satisfy both when a company enters it and when a buyer approves it:
// its credit code and login name are free.
import { AppError, type DataApi } from '@srm/platform';
import { servicesOf } from '../portal-user';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { supplierRegister } from './supplier-register.entity';

/**
 * Suppliers, registrations and users are looked at across the whole platform (a company cannot
 * read them, an approver need not), so these reads are the platform's.
 */
const platform = (ctx: DataApi) => ctx.system('a credit code and a login name are unique on the platform');

/** Credit code and login name must be free: no supplier, user or open registration holds them. */
export async function assertAvailable(
  ctx: DataApi,
  wanted: { readonly creditCode: string; readonly userName: string },
  exceptRegisterId?: number,
): Promise<void> {
  const suppliers = await platform(ctx).list(supplierInfo, { creditCode: wanted.creditCode }, { limit: 1 });
  if (suppliers.length) throw new AppError(409, 'srmSupplierRegister.creditCodeTaken');
  const open = await platform(ctx).list(
    supplierRegister,
    { creditCode: wanted.creditCode, status: ['DRAFT', 'SUBMITTED'] },
    { limit: 5 },
  );
  if (open.some((other) => other.registerId !== exceptRegisterId))
    throw new AppError(409, 'srmSupplierRegister.alreadyRegistering');
  const { identity } = servicesOf(ctx);
  if (await identity.findUser({ userName: wanted.userName }))
    throw new AppError(409, 'srmSupplierRegister.userNameTaken');
}
