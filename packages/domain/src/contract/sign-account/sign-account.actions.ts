// Sign accounts on the server: what an account must name (an organisation account its unit or
// supplier and its credit code, a person account its user), and its certificate's life —
// issued on activation, renewed, suspended, resumed and revoked at the platform CA, each change
// of status publishing a new CRL in the same transaction. An account activated without a seal
// picture gets one drawn with its name: the round seal of an organisation, a person's name seal.
import { eq } from 'drizzle-orm';
import type { RowOf, RuleIssue } from '@srm/kernel';
import { Readable } from 'node:stream';
import {
  type DataApi,
  type IssuedCertificate,
  defineActions,
  drawOrganisationSeal,
  drawPersonalSeal,
} from '@srm/platform';
import { contractCa } from '../esign/esign.server';
import { srmCctSignKey } from '../esign/esign.tables';
import { signAccount } from './sign-account.entity';

type Account = RowOf<typeof signAccount>;

function accountIssues(
  row: Pick<Account, 'accountType' | 'ownerType' | 'userId' | 'creditCode' | 'orgId' | 'supplierId'>,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (row.accountType === 'PERSON' && !row.userId)
    issues.push({ field: 'userId', message: 'srmCctSignAccount.userNeeded' });
  if (row.accountType === 'ORG' && !row.creditCode)
    issues.push({ field: 'creditCode', message: 'srmCctSignAccount.creditCodeNeeded' });
  if (row.ownerType === 'BUYER' && !row.orgId)
    issues.push({ field: 'orgId', message: 'srmCctSignAccount.orgNeeded' });
  if (row.ownerType === 'SUPPLIER' && !row.supplierId)
    issues.push({ field: 'supplierId', message: 'srmCctSignAccount.supplierNeeded' });
  return issues;
}

/** The account's current certificate and sealed key, if one was issued. */
export async function accountKey(ctx: DataApi, signAccountId: number) {
  const [row] = await ctx.runtime
    .executor()
    .select()
    .from(srmCctSignKey)
    .where(eq(srmCctSignKey.signAccountId, signAccountId));
  return row ?? null;
}

async function issueCertificate(ctx: DataApi, row: Account): Promise<void> {
  const ca = await contractCa(ctx);
  const accountId = `cct-sign-${row.signAccountId}`;
  const issued: IssuedCertificate = await ca.issueAccountCertificate(
    row.accountType === 'ORG'
      ? { kind: 'organisation', name: row.accountName, accountId, creditCode: row.creditCode ?? '' }
      : { kind: 'person', name: row.accountName, accountId },
    ctx.now,
  );
  const record = {
    certificatePem: issued.certificatePem,
    encryptedKey: issued.encryptedKey,
    serialNumber: issued.serialNumber,
    issuedAt: ctx.now,
  };
  await ctx.runtime
    .executor()
    .insert(srmCctSignKey)
    .values({ signAccountId: row.signAccountId, ...record })
    .onConflictDoUpdate({ target: srmCctSignKey.signAccountId, set: record });
  await ctx.patch(signAccount, row.signAccountId, {
    certSerial: issued.serialNumber,
    certNotBefore: issued.notBefore.getTime(),
    certNotAfter: issued.notAfter.getTime(),
  });
}

/**
 * An account activated without a seal picture gets one drawn with its name, as the providers make
 * one for an account that uploads none: an organisation the standard round seal (合同专用章), a
 * person a square name seal (私章).
 */
async function drawSeal(ctx: DataApi, row: Account): Promise<void> {
  const files = ctx.services.attachments;
  if (!files) return;
  // The seal's own language, whoever activates it.
  const below = /[\u4e00-\u9fff]/.test(row.accountName) ? '合同专用章' : 'CONTRACT SEAL';
  const png =
    row.accountType === 'PERSON'
      ? await drawPersonalSeal(row.accountName)
      : await drawOrganisationSeal(row.accountName, below);
  const stored = await files.record(
    ctx.actor,
    `${row.accountName}.png`,
    await files.storage.put(Readable.from([Buffer.from(png)]), Number.MAX_SAFE_INTEGER),
    { path: 'contract/seal' },
    false,
  );
  await ctx.patch(signAccount, row.signAccountId, { sealFileIds: String(stored.id) });
  await files.link(ctx.tx, signAccount, row.signAccountId, 'sealFileIds', [stored.id]);
}

export const signAccountActions = defineActions(signAccount, {
  beforeSave(ctx) {
    const { row } = ctx;
    // The certificate names the account: once issued, its name and code stay as they were.
    if (ctx.previous?.certSerial) {
      row.accountType = ctx.previous.accountType;
      row.accountName = ctx.previous.accountName;
      row.creditCode = ctx.previous.creditCode;
    }
    if (row.ownerType === 'BUYER') row.supplierId = null;
    else row.orgId = null;
    return accountIssues(row);
  },
  guards: {
    doActivate(ctx) {
      return accountIssues(ctx.row);
    },
  },
  actions: {
    async doActivate(ctx) {
      await issueCertificate(ctx, ctx.row);
      if (!ctx.row.sealFileIds) await drawSeal(ctx, ctx.row);
    },
    async doRenew(ctx) {
      const old = await accountKey(ctx, ctx.row.signAccountId);
      await issueCertificate(ctx, ctx.row);
      if (old) await (await contractCa(ctx)).revoke(old.certificatePem, 'superseded', ctx.now);
    },
    async doSuspend(ctx) {
      const key = await accountKey(ctx, ctx.row.signAccountId);
      if (key) await (await contractCa(ctx)).suspend(key.certificatePem, ctx.now);
    },
    async doResume(ctx) {
      const key = await accountKey(ctx, ctx.row.signAccountId);
      if (key) await (await contractCa(ctx)).resume(key.certificatePem, ctx.now);
    },
    async doRevoke(ctx) {
      const key = await accountKey(ctx, ctx.row.signAccountId);
      if (key) await (await contractCa(ctx)).revoke(key.certificatePem, 'cessationOfOperation', ctx.now);
    },
  },
});
