// Who may read one record, asked where no entity endpoint is in between (files, approvals): the
// access policy's read grant of the record's entity and the engine's data scope, which is what
// `findById` checks. Also who a user could act as, to hand them work on a record.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import type { Locale } from '@srm/kernel';
import { AppError } from '../http/errors';
import type { Row } from '../entity/rows';
import type { EntityRuntime } from '../entity/runtime';
import type { AccessPolicy, Actor } from './actor';

export class RecordAccess {
  constructor(
    private readonly runtime: EntityRuntime,
    readonly policy: AccessPolicy,
  ) {}

  /** The actor holds this resource code (`srmSupplierInfo.save`). */
  allows(actor: Actor, resourceCode: string): boolean {
    return actor.system === true || this.policy.allows(actor, resourceCode);
  }

  /** The policy lets the actor read the entity at all (its read grant); false for unknown ones. */
  async mayReadEntity(actor: Actor, entityName: string): Promise<boolean> {
    const entity = this.runtime.registry.find(entityName);
    if (!entity) return false;
    if (actor.system) return true;
    try {
      await this.policy.authorize(actor, { entity, action: 'findById' });
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  /** The record as the actor reads it, or null when the actor may not read it or it is missing. */
  async read(actor: Actor, entityName: string, id: number): Promise<Row | null> {
    if (!(await this.mayReadEntity(actor, entityName))) return null;
    try {
      return await this.runtime.service(entityName).find(actor, id);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  async mayRead(actor: Actor, entityName: string, id: number): Promise<boolean> {
    return (await this.read(actor, entityName, id)) !== null;
  }

  /**
   * The actors a user could act as, one per responsibility they may switch to, with that
   * responsibility's grants and data scope. A policy that cannot tell (the tests' header policy)
   * gets one plain actor of the user's side, unrestricted by scope.
   */
  async actorsOf(userId: number, locale: Locale = 'zh-CN'): Promise<Actor[]> {
    if (this.policy.actorsOf) return this.policy.actorsOf(userId, locale);
    const [user] = await queryRows<{
      user_name: string;
      user_type: string;
      supplier_id: number | null;
      status: string;
    }>(
      this.runtime.executor(),
      sql`select user_name, user_type, supplier_id, status from base_user where user_id = ${userId}`,
    );
    if (!user || user.status !== 'ACTIVE') return [];
    const external = user.user_type === 'EXTERNAL';
    return [
      {
        userId,
        userName: user.user_name,
        side: external ? 'supplier' : 'internal',
        supplierId: external && user.supplier_id !== null ? Number(user.supplier_id) : null,
        orgIds: 'all',
        categoryIds: 'all',
        locale,
      },
    ];
  }

  /** Could this user read the record under one of their responsibilities? */
  async userMayRead(userId: number, entityName: string, id: number): Promise<boolean> {
    for (const actor of await this.actorsOf(userId))
      if (await this.mayRead(actor, entityName, id)) return true;
    return false;
  }
}
