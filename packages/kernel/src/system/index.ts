// The platform's own entities (service `base`): lookups, access administration, users, people
// and posts, profiles and logs. Their labels (locales/) are part of kernelMessages.
import type { EntityDef } from '../entity/define';
import { accessEntities } from './access.entity';
import { logEntities } from './logs.entity';
import { lookupEntities } from './lookup.entity';
import { organisationEntities } from './organisation.entity';
import { profileEntities } from './profile.entity';
import { userEntities } from './user.entity';

export * from './lookup.entity';
export * from './access.entity';
export * from './user.entity';
export * from './organisation.entity';
export * from './profile.entity';
export * from './logs.entity';

/** The platform's own entities that every application registers, line entities included. */
export const systemEntities: EntityDef[] = [
  ...lookupEntities,
  ...accessEntities,
  ...userEntities,
  ...organisationEntities,
  ...profileEntities,
  ...logEntities,
];
