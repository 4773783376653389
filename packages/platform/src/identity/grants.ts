// The grants of a user's current responsibility: the responsibilities valid today, the menus and
// resource codes of their roles, organisation and category permits, the entities those make
// readable, and a short cache of them all.
import { type SQL, and, eq, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type EntityDef, type Locale, formatDate } from '@srm/kernel';
import { queryRows } from '@srm/db';
import type { Actor } from '../access/actor';
import type { EntityRuntime } from '../entity/runtime';
import type { EntityTable } from '../entity/tables';
import { AppError } from '../http/errors';
import type { Grants, Identity, UserRow } from './identity';
import { session } from './tables';

/** A responsibility a user may work under today, and whether it is the user's default. */
export interface Responsibility {
  responsibilityId: number;
  responsibilityName: string;
  responsibilityNameEn: string | null;
  side: string;
  defaultFlag: string | null;
}

/** The channel a trigger notifies when roles, menus, resources, responsibilities or permits change (migration 0107). */
export const GRANTS_CHANNEL = 'srm_grants';
/** How long grants are kept when no notice arrives (the notices' connection is down). */
const GRANTS_KEPT_MS = 5000;
/** Sets of resource codes whose readable entities are kept (one per responsibility in practice). */
const READABLE_KEPT = 500;

export class UserGrants {
  private readonly grantCache = new Map<string, Kept<Grants>>();
  /** Entities readable with a set of resource codes, by the codes (the registry does not change). */
  private readonly readableOf = new Map<string, ReadonlySet<string>>();
  /** A user's responsibilities (the shell's switcher), kept as grants are. */
  private readonly responsibilityCache = new Map<string, Kept<Responsibility[]>>();
  /** The menus of grants (the shell's tree), as long as the grants themselves are kept. */
  private readonly menuCache = new WeakMap<Grants, MenuRow[]>();
  /** Counts the clearings: grants read before one began are not cached after it. */
  private generation = 0;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly identity: Identity) {}

  private get runtime(): EntityRuntime {
    return this.identity.runtime;
  }

  private col(table: EntityTable, name: string): AnyPgColumn {
    return table[name] as AnyPgColumn;
  }

  /** Today in the business time zone. */
  private today(): string {
    return formatDate(this.runtime.clock.nowMs(), this.runtime.timeZone);
  }

  /** The account is valid today (its start and end dates). */
  withinDates(user: UserRow): boolean {
    const today = this.today();
    return (!user.startDate || user.startDate <= today) && (!user.endDate || user.endDate >= today);
  }

  /**
   * The responsibilities the user may act under today, as a moment ago: kept like grants, until
   * a change of them commits anywhere (a notice) and never longer than a few seconds. For what
   * the shell shows; signing in and switching read them afresh.
   */
  keptResponsibilitiesOf(user: UserRow): Promise<Responsibility[]> {
    return this.kept(this.responsibilityCache, `${user.userId}:${user.userType}`, () =>
      this.responsibilitiesOf(user),
    );
  }

  /**
   * What `cache` keeps under `key` if read less than GRANTS_KEPT_MS ago, else read afresh and kept
   * unless a clearing (a notice) began meanwhile — what was read before it may be stale.
   */
  private async kept<T>(cache: Map<string, Kept<T>>, key: string, read: () => Promise<T>): Promise<T> {
    const cached = cache.get(key);
    if (cached && Date.now() - cached.at < GRANTS_KEPT_MS) return cached.value;
    const generation = this.generation;
    const value = await read();
    if (generation === this.generation) {
      cache.set(key, { at: Date.now(), value });
      if (cache.size > 5000) cache.clear();
    }
    return value;
  }

  /** The responsibilities the user may act under today. */
  async responsibilitiesOf(user: UserRow): Promise<Responsibility[]> {
    const assignments = this.runtime.table('baseUserResponsibility');
    const responsibilities = this.runtime.table('baseResponsibility');
    const today = this.today();
    const side = user.userType === 'EXTERNAL' ? 'EXTERNAL' : 'INTERNAL';
    const rows = await this.runtime
      .executor()
      .select({
        responsibilityId: this.col(responsibilities, 'responsibilityId'),
        responsibilityName: this.col(responsibilities, 'responsibilityName'),
        responsibilityNameEn: this.col(responsibilities, 'responsibilityNameEn'),
        side: this.col(responsibilities, 'side'),
        defaultFlag: this.col(assignments, 'defaultFlag'),
      })
      .from(assignments)
      .innerJoin(
        responsibilities,
        eq(this.col(responsibilities, 'responsibilityId'), this.col(assignments, 'responsibilityId')),
      )
      .where(
        and(
          eq(this.col(assignments, 'userId'), user.userId),
          eq(this.col(responsibilities, 'enabledFlag'), 'Y'),
          eq(this.col(responsibilities, 'side'), side),
          or(
            isNull(this.col(assignments, 'startDate')),
            sql`${this.col(assignments, 'startDate')} <= ${today}`,
          ),
          or(isNull(this.col(assignments, 'endDate')), sql`${this.col(assignments, 'endDate')} >= ${today}`),
          or(
            isNull(this.col(responsibilities, 'startDate')),
            sql`${this.col(responsibilities, 'startDate')} <= ${today}`,
          ),
          or(
            isNull(this.col(responsibilities, 'endDate')),
            sql`${this.col(responsibilities, 'endDate')} >= ${today}`,
          ),
        ),
      )
      .orderBy(this.col(responsibilities, 'responsibilityCode'));
    return rows as never;
  }

  async switchResponsibility(actor: Actor, responsibilityId: unknown): Promise<void> {
    const user = await this.identity.findUser({ userId: actor.userId! });
    const allowed = user ? await this.responsibilitiesOf(user) : [];
    if (
      typeof responsibilityId !== 'number' ||
      !allowed.some((r) => r.responsibilityId === responsibilityId)
    ) {
      throw new AppError(403, 'auth.responsibilityDenied');
    }
    await this.runtime
      .executor()
      .update(session)
      .set({ responsibilityId })
      .where(eq(session.sessionId, actor.sessionId!));
  }

  /**
   * Listens for the trigger's notices: a change committed on any node clears every node's
   * cache, and so does the (re)start of listening, after which notices may have been missed.
   */
  async listen(): Promise<void> {
    this.unlisten ??= await this.runtime.database.listen(
      GRANTS_CHANNEL,
      () => this.forget(),
      () => this.forget(),
    );
  }

  async stopListening(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.();
  }

  /** Drops every cached grant. */
  forget(): void {
    this.generation += 1;
    this.grantCache.clear();
    this.responsibilityCache.clear();
  }

  /**
   * Grants of a user under a responsibility, cached until a change to roles, menus, resources,
   * responsibilities or permits commits anywhere (a notice), and never longer than a few seconds.
   */
  grants(user: UserRow, responsibilityId: number | null): Promise<Grants> {
    return this.kept(this.grantCache, `${user.userId}:${responsibilityId}`, async () => {
      const found = await this.grantRows(user, responsibilityId);
      const resourceCodes = found.resources;
      return {
        responsibilityId: found.valid ? responsibilityId : null,
        resources: new Set(resourceCodes),
        menuIds: found.menus,
        orgIds: user.allOrgsFlag === 'Y' || user.userType === 'EXTERNAL' ? 'all' : found.orgs,
        categoryIds:
          user.allCategoriesFlag === 'Y' || user.userType === 'EXTERNAL' ? 'all' : found.categories,
        readable: this.readableEntities(resourceCodes),
      };
    });
  }

  /**
   * What a user's grants are made of, in one statement: whether the responsibility is the user's
   * today (assigned, enabled, of the user's side, within both date ranges), the menus and
   * resource codes of its enabled roles, and the user's organisation and category permits.
   */
  private async grantRows(
    user: UserRow,
    responsibilityId: number | null,
  ): Promise<{ valid: boolean; menus: number[]; resources: string[]; orgs: number[]; categories: number[] }> {
    const assignments = this.runtime.table('baseUserResponsibility');
    const responsibilities = this.runtime.table('baseResponsibility');
    const col = (table: EntityTable, name: string) => this.col(table, name);
    const today = this.today();
    const side = user.userType === 'EXTERNAL' ? 'EXTERNAL' : 'INTERNAL';
    const within = (table: EntityTable) =>
      sql`(${col(table, 'startDate')} is null or ${col(table, 'startDate')} <= ${today})
          and (${col(table, 'endDate')} is null or ${col(table, 'endDate')} >= ${today})`;
    const ids = (column: SQL, from: SQL) =>
      sql`coalesce((select json_agg(distinct ${column}) ${from}), '[]'::json)`;
    const [row] = await queryRows<{
      valid: boolean;
      menus: unknown;
      resources: unknown;
      orgs: unknown;
      categories: unknown;
    }>(
      this.runtime.executor(),
      sql`with responsibility as (
            select ${col(responsibilities, 'responsibilityId')} as id
            from ${assignments} join ${responsibilities}
              on ${col(responsibilities, 'responsibilityId')} = ${col(assignments, 'responsibilityId')}
            where ${responsibilityId !== null} and ${col(assignments, 'userId')} = ${user.userId}
              and ${col(assignments, 'responsibilityId')} = ${responsibilityId ?? 0}
              and ${col(responsibilities, 'enabledFlag')} = 'Y' and ${col(responsibilities, 'side')} = ${side}
              and ${within(assignments)} and ${within(responsibilities)}
          ), roles as (
            select rr.role_id from base_responsibility_role rr join base_role r on r.role_id = rr.role_id
            where rr.responsibility_id in (select id from responsibility) and r.enabled_flag = 'Y'
          )
          select exists (select 1 from responsibility) as valid,
            ${ids(
              sql`m.menu_id`,
              sql`from base_role_menu rm join base_menu m on m.menu_id = rm.menu_id
                  where rm.role_id in (select role_id from roles) and m.enabled = 'Y'`,
            )} as menus,
            ${ids(
              sql`res.resource_code`,
              sql`from base_role_resource rr join base_resource res on res.resource_id = rr.resource_id
                  join base_menu m on m.menu_id = res.menu_id
                  where rr.role_id in (select role_id from roles) and res.enabled_flag = 'Y' and m.enabled = 'Y'`,
            )} as resources,
            ${ids(sql`org_id`, sql`from base_user_org_permit where user_id = ${user.userId}`)} as orgs,
            ${ids(sql`category_id`, sql`from base_user_category_permit where user_id = ${user.userId}`)} as categories`,
    );
    const list = (value: unknown) =>
      (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as unknown[];
    return {
      valid: row?.valid === true,
      menus: list(row?.menus).map(Number),
      resources: list(row?.resources).map(String),
      orgs: list(row?.orgs).map(Number),
      categories: list(row?.categories).map(Number),
    };
  }

  /**
   * Entities the holder of these resource codes may read: those named in a code, their lines,
   * and, through references, the master data their screens need (a purchase order's screen
   * reads organisations and suppliers). Master data marked supplierReadable is readable by all.
   */
  readableEntities(codes: readonly string[]): ReadonlySet<string> {
    // The same set of codes (every user of a responsibility) reaches the same entities.
    const key = [...codes].sort().join('|');
    let readable = this.readableOf.get(key);
    if (!readable) {
      readable = this.reachable(codes);
      if (this.readableOf.size >= READABLE_KEPT) this.readableOf.clear();
      this.readableOf.set(key, readable);
    }
    return readable;
  }

  private reachable(codes: readonly string[]): Set<string> {
    const registry = this.runtime.registry;
    const readable = new Set<string>();
    const queue: EntityDef[] = [];
    const add = (entity: EntityDef | undefined) => {
      if (!entity || readable.has(entity.name)) return;
      readable.add(entity.name);
      queue.push(entity);
    };
    for (const code of codes) add(registry.find(code.split('.')[0]!));
    // Whoever may export a list follows their own background exports (reportBackExportList);
    // the export routes narrow that list to the caller's own exports.
    if (codes.some((code) => code.endsWith('.export'))) add(registry.find('baseReportBackExport'));
    for (const entity of registry.all()) if (entity.supplierReadable) add(entity);
    while (queue.length) {
      const entity = queue.pop()!;
      for (const line of Object.values(entity.lines)) add(line);
      if (entity.parent) add(registry.find(entity.parent.entity));
      for (const field of Object.values(entity.fields))
        if (field.kind === 'ref' && field.grantsRead !== false) add(registry.find(field.entity));
    }
    return readable;
  }

  /** Menus of the current responsibility and their ancestors (so the tree can be built). */
  async menusOf(grants: Grants, locale: Locale) {
    if (!grants.menuIds.length) return [];
    // Menus change under the same notice as grants: kept with the grants they were read for.
    let rows = this.menuCache.get(grants);
    if (!rows) {
      const generation = this.generation;
      rows = await this.readMenus(grants);
      if (generation === this.generation) this.menuCache.set(grants, rows);
    }
    return rows.map((row) => ({
      menuId: Number(row.menu_id),
      menuParentId: row.menu_parent_id === null ? 0 : Number(row.menu_parent_id),
      menuName: locale === 'en' && row.menu_name_en ? row.menu_name_en : row.menu_name,
      menuType: row.menu_type,
      menuCode: row.menu_code,
      htmlUrl: row.html_url,
      imageLink: row.image_link,
      levelId: row.level_id === null ? null : Number(row.level_id),
      enabled: row.enabled,
    }));
  }

  private readMenus(grants: Grants): Promise<MenuRow[]> {
    return queryRows<MenuRow>(
      this.runtime.executor(),
      sql`with recursive tree as (
            select * from base_menu where menu_id in (${sql.join(
              grants.menuIds.map((id) => sql`${id}`),
              sql`, `,
            )})
            union
            select m.* from base_menu m join tree t on m.menu_id = t.menu_parent_id
          )
          select distinct * from tree where enabled = 'Y' order by seq_num nulls last, menu_id`,
    );
  }
}

/** A value kept for a few seconds, with the time it was read. */
interface Kept<T> {
  at: number;
  value: T;
}

/** A menu of the shell's tree as the database answers it. */
interface MenuRow {
  menu_id: number | string;
  menu_parent_id: number | string | null;
  menu_name: string;
  menu_name_en: string | null;
  menu_type: string;
  menu_code: string;
  html_url: string | null;
  image_link: string | null;
  level_id: number | string | null;
  seq_num: number | string | null;
  enabled: string;
}
