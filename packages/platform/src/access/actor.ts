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
  /** The signed-in session and its current responsibility. */
  readonly sessionId?: number;
  readonly responsibilityId?: number | null;
  /** The address the request came from (as the server's proxy settings tell it). */
  readonly clientIp?: string;
  /** The browser's User-Agent, for logs that must say what signed (the sign log). */
  readonly userAgent?: string;
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

/** The caller of a public endpoint: nobody in particular, no scope, no grant. */
export const ANONYMOUS_ACTOR: Actor = {
  userId: null,
  userName: 'anonymous',
  side: 'supplier',
  supplierId: null,
  orgIds: [],
  categoryIds: [],
  locale: 'zh-CN',
};

/** What an endpoint is about to do, for the policy to allow or refuse. */
export interface Operation {
  readonly entity: EntityDef;
  /** findById, listByPage, saveOrUpdate, delete, export, import or a workflow action name. */
  readonly action: string;
  /**
   * What a declared endpoint needs, when it says so: `read` (the read grant of `entity`) or a
   * resource code. Otherwise the policy derives it from the action.
   */
  readonly resource?: string;
}

export interface AccessPolicy {
  /** The caller of a request, or null when it is not signed in. */
  identify(request: FastifyRequest): Promise<Actor | null>;
  /**
   * Throws an AppError (403) when the actor may not perform the operation. Without a request
   * when the question comes from inside (may this user read the record a file belongs to?).
   */
  authorize(actor: Actor, operation: Operation, request?: FastifyRequest): Promise<void>;
  /** The actor holds this resource code (routes declaring `{ resource }`). */
  allows(actor: Actor, resourceCode: string): boolean;
  /**
   * The actors a user could act as: one per responsibility they may switch to, with its grants
   * and data scope (empty for a disabled or unknown user). For handing a user work: an approval
   * task goes only to someone who could read its document.
   */
  actorsOf?(userId: number, locale: Locale): Promise<Actor[]>;
}

/**
 * What a route requires, declared in its `config.access` (every route must declare one; the
 * server refuses to start otherwise and a test enumerates them):
 * - `public`: anyone (sign-in, registration, captcha, public key, health);
 * - `authenticated`: any signed-in user (own profile, heartbeat, menus);
 * - `entity`: an entity endpoint; the policy checks the operation against the caller's grants;
 * - `{ resource }`: a signed-in user holding that resource code.
 */
export type RouteAccess = 'public' | 'authenticated' | 'entity' | { readonly resource: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** What the route declares about itself (input, scope, resource), for the start check and the API document. */
    declared?: unknown;
  }
}
