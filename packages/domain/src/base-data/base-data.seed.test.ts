// The demo data loads on an empty database, and loading it again changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { baseDataSeeds } from './server';
import { startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../areas.server';

const TABLES = [
  'base_lookup_type',
  'base_lookup_values',
  'srm_base_currency',
  'srm_base_exchange_rate',
  'srm_base_uom',
  'srm_base_org',
  'srm_base_org_relation',
  'srm_base_category',
  'srm_base_item',
  'srm_base_item_org',
  'srm_base_payment_term',
  'srm_base_payment_term_node',
  'srm_base_district',
  'srm_base_storage_location',
  'srm_base_delivery_info',
  'srm_base_config_profile',
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ areas: serverAreas });
});
afterAll(async () => server?.close());

/** Rows and the sum of their versions per table, and the audit trail's length. */
async function snapshot(): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  for (const table of TABLES) {
    const result = (await server.database.db.execute(
      sql.raw(`select count(*)::int as n, coalesce(sum(version_num), 0)::int as v from ${table}`),
    )) as unknown as { rows: { n: number; v: number }[] };
    state[table] = `${result.rows[0]!.n} rows, versions ${result.rows[0]!.v}`;
  }
  state.audit = String(await server.count('base_audit_log'));
  return state;
}

describe('base data demo seeds', () => {
  it('load a believable group and run again without changing a row', async () => {
    const first = await server.seed(baseDataSeeds);
    expect(first.ran).toEqual(baseDataSeeds.map((seed) => seed.name));
    const loaded = await snapshot();
    expect(await server.count('srm_base_org')).toBe(8);
    expect(await server.count('srm_base_item')).toBeGreaterThanOrEqual(30);
    expect(await server.count('srm_base_currency')).toBe(5);

    await server.seed(baseDataSeeds);
    expect(await snapshot()).toEqual(loaded);
  });

  it('holds every provincial-level division of China with its official code', async () => {
    const { body } = await server.post<{ districtCode: string; districtName: string }[]>(
      '/api/srm/v1/srmBaseDistrictRestful/findByLevel',
      { countryCode: 'CN', levelNum: 1 },
    );
    expect(body.data).toHaveLength(34);
    expect(body.data.find((row) => row.districtCode === '320000')?.districtName).toBe('江苏省');
    expect(body.data.find((row) => row.districtCode === '820000')?.districtName).toBe('澳门特别行政区');
  });

  it('lists the plants with their storage locations and default delivery address', async () => {
    const plants = await server.post<{ orgCode: string; orgName: string; parentOrgName: string }[]>(
      '/api/srm/v1/srmBaseOrgRestful/listByPage',
      { orgType: 'INV_ORG' },
    );
    expect(plants.body.data.map((row) => row.orgCode)).toEqual(['P110', 'P120', 'P210']);
    expect(plants.body.data[0]).toMatchObject({
      orgName: '苏州吴中工厂',
      parentOrgName: '苏州精密机械业务实体',
    });
    const defaults = await server.post('/api/srm/v1/srmBaseDeliveryInfoRestful/listByPage', {
      defaultFlag: 'Y',
    });
    expect(defaults.body.page?.count).toBe(3);
  });
});
