// Until sign-in lands, every caller acts as an internal administrator with no data-scope
// restriction. Replaced by the identity module's policy.
import type { AccessPolicy, Actor } from '@srm/platform';

const interimActor: Actor = {
  userId: null,
  userName: 'admin',
  side: 'internal',
  supplierId: null,
  orgIds: 'all',
  categoryIds: 'all',
  locale: 'zh-CN',
};

export const interimPolicy: AccessPolicy = {
  identify: async () => interimActor,
  authorize: async () => {},
};
