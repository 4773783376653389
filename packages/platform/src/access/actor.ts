// Who is calling, and the policy that decides it: the identity issue fills the policy in; the
// engine applies the actor's data scope on every read and write path.
import type { FastifyRequest } from 'fastify';
import type { EntityDef, Locale, Side } from '@srm/kernel';

export interface Actor {
  readonly userId: number | null;
  readonly userName: string;
  readonly side: Side;
  /** The supplier an external user belongs to. */
  readonly supplierId: number | null;
  /** Organisations an internal user may see ('all' for no restriction). */
  readonly orgIds: readonly number[] | 'all';
  /** Categories an internal user may see ('all' for no restriction). */
  readonly categoryIds: readonly number[] | 'all';
  readonly locale: Locale;
  /** The platform itself (approval engine, seeds, jobs): no scope, every action. */
  readonly system?: boolean;
}

export const SYSTEM_ACTOR: Actor = {
  userId: null,
  userName: 'system',
  side: 'internal',
  supplierId: null,
  orgIds: 'all',
  categoryIds: 'all',
  locale: 'zh-CN',
  system: true,
};

/** What an endpoint is about to do, for the policy to allow or refuse. */
export interface Operation {
  readonly entity: EntityDef;
  /** findById, listByPage, saveOrUpdate, delete, export, import or a workflow action name. */
  readonly action: string;
}

export interface AccessPolicy {
  /** The caller of a request, or null when it is not signed in. */
  identify(request: FastifyRequest): Promise<Actor | null>;
  /** Throws an AppError (403) when the actor may not perform the operation. */
  authorize(actor: Actor, operation: Operation, request: FastifyRequest): Promise<void>;
}
