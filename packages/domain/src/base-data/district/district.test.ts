// Districts: the picker's finds, and the upload of a JSON tree of districts, all or nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSeeds } from '../server';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

interface District {
  districtId: number;
  districtCode: string;
  districtName: string;
  districtNameEn: string | null;
  levelNum: number;
  parentDistrictId: number | null;
  parentDistrictName: string | null;
  postalCode: string | null;
}

const FIND_BY_COUNTRY = api('srmBaseDistrict', 'findByCountry');
const FIND_BY_LEVEL = api('srmBaseDistrict', 'findByLevel');
const UPLOAD = api('srmBaseDistrict', 'uploadJson');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(baseDataSeeds, 'lookups', 'districts'),
  });
});
afterAll(async () => server?.close());

/** The audit trail's operations on a district, oldest first. */
const actionsOf = async (districtId: number) => {
  const { body } = await server.post<{ history: { action: string }[] }>(api('srmBaseDistrict', 'findById'), {
    districtId,
    withHistory: true,
  });
  return body.data.history.map((entry) => entry.action).reverse();
};

const idOf = async (districtCode: string) =>
  (await server.first<District>('srmBaseDistrict', { districtCode })).districtId;

describe('findByCountry', () => {
  it('answers every district of the country, provinces first', async () => {
    const { httpStatus, body } = await server.post<District[]>(FIND_BY_COUNTRY, { countryCode: 'CN' });
    expect(httpStatus).toBe(200);
    const levels = body.data.map((row) => row.levelNum);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(body.data.slice(0, 34).every((row) => row.levelNum === 1)).toBe(true);
    expect(body.data[0]).toMatchObject({ districtCode: '110000', districtName: '北京市' });
    expect(body.page?.count).toBe(body.data.length);
    expect((await server.post<District[]>(FIND_BY_COUNTRY, { countryCode: 'US' })).body.data).toEqual([]);
  });

  it('needs a country code', async () => {
    const zh = await server.post(FIND_BY_COUNTRY, {});
    expect([zh.httpStatus, zh.body.msg]).toEqual([400, '国家：必填']);
    const en = await server.post(FIND_BY_COUNTRY, { countryCode: true }, { language: 'EN' });
    expect([en.httpStatus, en.body.msg]).toEqual([400, 'Country: Not a valid option: true']);
  });
});

describe('findByLevel', () => {
  it('answers the districts of a level under a parent', async () => {
    const jiangsu = await idOf('320000');
    const { body } = await server.post<District[]>(FIND_BY_LEVEL, { levelNum: 2, parentDistrictId: jiangsu });
    expect(body.data.map((row) => row.districtName)).toEqual([
      '南京市',
      '无锡市',
      '常州市',
      '苏州市',
      '南通市',
    ]);
    expect(body.data[0]!.parentDistrictName).toBe('江苏省');
    const suzhou = await idOf('320500');
    const counties = await server.post<District[]>(FIND_BY_LEVEL, {
      countryCode: 'CN',
      levelNum: 3,
      parentDistrictId: String(suzhou),
    });
    expect(counties.body.data.map((row) => row.districtCode)).toContain('320583');
    expect(counties.body.data.every((row) => row.levelNum === 3 && row.parentDistrictId === suzhou)).toBe(
      true,
    );
  });

  it('answers a whole level of a country', async () => {
    const { body } = await server.post<District[]>(FIND_BY_LEVEL, { countryCode: 'CN', levelNum: 1 });
    expect(body.data).toHaveLength(34);
  });

  it('refuses a level out of range, a bad parent and an unknown parent', async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{}, 400, '层级：必填', 'Level: Required'],
      [{ levelNum: 9 }, 400, '层级：不能大于 5', 'Level: Cannot be greater than 5'],
      [{ levelNum: 0 }, 400, '层级：不能小于 1', 'Level: Cannot be less than 1'],
      [{ levelNum: 'two' }, 400, '层级：必须输入数字', 'Level: Must be a whole number'],
      [
        { levelNum: 2, parentDistrictId: -3 },
        400,
        '上级区划：必须是有效的记录编号',
        'Parent district: Must be a valid record id',
      ],
      // A parent the caller cannot read is answered as one that does not exist.
      [
        { levelNum: 2, parentDistrictId: 999999 },
        404,
        '记录不存在或无权访问',
        'The record does not exist or you may not access it',
      ],
    ];
    for (const [body, status, zh, en] of cases) {
      const chinese = await server.post(FIND_BY_LEVEL, body);
      expect([chinese.httpStatus, chinese.body.msg]).toEqual([status, zh]);
      const english = await server.post(FIND_BY_LEVEL, body, { language: 'EN' });
      expect([english.httpStatus, english.body.msg]).toEqual([status, en]);
    }
  });
});

describe('uploadJson', () => {
  const anhui = {
    code: '340000',
    name: '安徽省',
    nameEn: 'Anhui',
    children: [
      {
        code: '340100',
        name: '合肥市',
        nameEn: 'Hefei',
        postalCode: '230000',
        children: [
          { code: '340104', name: '蜀山区', nameEn: 'Shushan District' },
          { code: '340111', name: '包河区', nameEn: 'Baohe District' },
        ],
      },
      { code: '340200', name: '芜湖市', nameEn: 'Wuhu', postalCode: '241000' },
    ],
  };

  it('creates the new districts of a tree and leaves the known ones', async () => {
    const { httpStatus, body } = await server.post(UPLOAD, { countryCode: 'CN', districts: [anhui] });
    expect(httpStatus).toBe(200);
    expect(body.data).toEqual({ created: 4, updated: 0, unchanged: 1, total: 5 });
    const baohe = await server.first<District>('srmBaseDistrict', { districtCode: '340111' });
    expect(baohe).toMatchObject({
      levelNum: 3,
      parentDistrictName: '合肥市',
      districtNameEn: 'Baohe District',
    });
    expect(await actionsOf(baohe.districtId)).toEqual(['uploadJson']);
  });

  it('is idempotent, and updates what changed', async () => {
    expect((await server.post(UPLOAD, { countryCode: 'CN', districts: [anhui] })).body.data).toEqual({
      created: 0,
      updated: 0,
      unchanged: 5,
      total: 5,
    });
    const renamed = {
      ...anhui,
      children: [{ ...anhui.children[0]!, nameEn: 'Hefei City' }, anhui.children[1]!],
    };
    expect((await server.post(UPLOAD, { countryCode: 'CN', districts: [renamed] })).body.data).toEqual({
      created: 0,
      updated: 1,
      unchanged: 4,
      total: 5,
    });
    // The change is in the district's history, field by field.
    const hefei = await server.first<District>('srmBaseDistrict', { districtCode: '340100' });
    expect(await actionsOf(hefei.districtId)).toEqual(['uploadJson', 'uploadJson']);
    const history = await server.post<{ history: { changes: { field: string; after: unknown }[] }[] }>(
      api('srmBaseDistrict', 'findById'),
      { districtId: hefei.districtId, withHistory: true },
    );
    expect(history.body.data.history.flatMap((entry) => entry.changes)).toContainEqual(
      expect.objectContaining({ field: 'districtNameEn', after: 'Hefei City' }),
    );
  });

  it('stores nothing of a file with one bad entry, and names that entry', async () => {
    const before = await server.count('srm_base_district');
    const fujian = {
      code: '350000',
      name: '福建省',
      nameEn: 'Fujian',
      children: [
        { code: '350100', name: '福州市' },
        {
          code: '350200',
          name: '厦门市',
          children: [{ code: '350203', name: '思明区' }, { code: '350206' }],
        },
      ],
    };
    const zh = await server.post(UPLOAD, { countryCode: 'CN', districts: [fujian] });
    expect([zh.httpStatus, zh.body.msg]).toEqual([
      400,
      'districts[0].children[1].children[1]（编码 350206）：缺少区划名称 name',
    ]);
    const en = await server.post(UPLOAD, { countryCode: 'CN', districts: [fujian] }, { language: 'EN' });
    expect([en.httpStatus, en.body.msg]).toEqual([
      400,
      'districts[0].children[1].children[1] (code 350206): the district name (name) is missing',
    ]);
    expect(await server.count('srm_base_district')).toBe(before);
    expect(await server.count("srm_base_district where district_code like '3502%'")).toBe(0);
  });

  it('refuses each kind of bad file with a 400 in both languages', async () => {
    const upload = (body: unknown, language?: 'EN') =>
      server.post(UPLOAD, body, language ? { language } : {});
    const cases: [unknown, string, string][] = [
      [
        { countryCode: 'CN' },
        '请上传区划数据：districts 须为非空数组',
        'Nothing to upload: districts must be a non-empty array',
      ],
      [
        { countryCode: 'CN', districts: {} },
        '请上传区划数据：districts 须为非空数组',
        'Nothing to upload: districts must be a non-empty array',
      ],
      [{ districts: [anhui] }, '国家：必填', 'Country: Required'],
      [
        { countryCode: 'CN', districts: [anhui], mode: 'replace' },
        '不允许的字段：mode',
        'Unknown field: mode',
      ],
      [
        { countryCode: 'XX', districts: [anhui] },
        '国家编码无效或未启用：XX',
        'Unknown or disabled country code: XX',
      ],
      [
        { countryCode: 'CN', districts: ['340000'] },
        'districts[0]：每条区划须为对象',
        'districts[0]: each district must be an object',
      ],
      [
        { countryCode: 'CN', districts: [{ name: '无编码' }] },
        'districts[0]：缺少区划编码 code',
        'districts[0]: the district code (code) is missing',
      ],
      [
        { countryCode: 'CN', districts: [{ code: '34 00', name: '空格' }] },
        'districts[0]：区划编码 34 00 无效，最多 30 位，只能包含字母、数字、点、横线和下划线',
        'districts[0]: invalid district code 34 00; up to 30 letters, digits, dots, dashes and underscores',
      ],
      [
        { countryCode: 'CN', districts: [anhui, { code: '340100', name: '合肥' }] },
        'districts[1]：区划编码 340100 与 districts[0].children[0] 重复',
        'districts[1]: district code 340100 repeats districts[0].children[0]',
      ],
      [
        { countryCode: 'CN', districts: [{ code: '1', name: 'a', nmae: 'typo' }] },
        'districts[0]（编码 1）：不支持的属性 nmae，只能包含 code、name、nameEn、postalCode、children',
        'districts[0] (code 1): unsupported property nmae; allowed are code, name, nameEn, postalCode and children',
      ],
      [
        { countryCode: 'CN', districts: [{ code: '1', name: 'a', children: { code: '2' } }] },
        'districts[0]（编码 1）：children 必须是数组',
        'districts[0] (code 1): children must be an array',
      ],
      [
        { countryCode: 'CN', districts: [{ code: '1', name: 'a'.repeat(121) }] },
        'districts[0]（编码 1）：name 不能超过 120 个字符',
        'districts[0] (code 1): name exceeds 120 characters',
      ],
      [
        { countryCode: 'CN', districts: [{ code: '1', name: 42 }] },
        'districts[0]（编码 1）：name 必须是文本',
        'districts[0] (code 1): name must be text',
      ],
      // PostgreSQL holds no NUL character: the engine refuses it anywhere in the file.
      [
        { countryCode: 'CN', districts: [{ code: '1', name: 'a\u0000b' }] },
        '区划数据：不能包含空字符（U+0000）',
        'Districts: Must not contain a NUL character (U+0000)',
      ],
      [
        {
          countryCode: 'CN',
          districts: [
            {
              code: 'L1',
              name: '1',
              children: [
                {
                  code: 'L2',
                  name: '2',
                  children: [
                    {
                      code: 'L3',
                      name: '3',
                      children: [
                        {
                          code: 'L4',
                          name: '4',
                          children: [{ code: 'L5', name: '5', children: [{ code: 'L6', name: '6' }] }],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        'districts[0].children[0].children[0].children[0].children[0].children[0]（编码 L6）：区划最多 5 级',
        'districts[0].children[0].children[0].children[0].children[0].children[0] (code L6): districts have at most 5 levels',
      ],
    ];
    const before = await server.count('srm_base_district');
    for (const [body, zh, en] of cases) {
      const chinese = await upload(body);
      expect([chinese.httpStatus, chinese.body.msg]).toEqual([400, zh]);
      const english = await upload(body, 'EN');
      expect([english.httpStatus, english.body.msg]).toEqual([400, en]);
    }
    expect(await server.count('srm_base_district')).toBe(before);
  });

  it('is refused to a supplier, who may only read districts', async () => {
    const supplier = { side: 'supplier' as const, supplierId: 7, userId: 107 };
    expect((await server.post(FIND_BY_COUNTRY, { countryCode: 'CN' }, { actor: supplier })).httpStatus).toBe(
      200,
    );
    const upload = await server.post(UPLOAD, { countryCode: 'CN', districts: [anhui] }, { actor: supplier });
    expect(upload.httpStatus).toBe(403);
  });
});

describe('the district tree', () => {
  it('keeps levels one below the parent and refuses a district under its own subdivision', async () => {
    const jiangsu = await server.first<District & { versionNum: number }>('srmBaseDistrict', {
      districtCode: '320000',
    });
    const suzhou = await idOf('320500');
    const cycle = await server.post(api('srmBaseDistrict', 'saveOrUpdate'), {
      districtId: jiangsu.districtId,
      versionNum: jiangsu.versionNum,
      parentDistrictId: suzhou,
      levelNum: 3,
    });
    expect([cycle.httpStatus, cycle.body.msg]).toEqual([400, '上级区划：上级区划不能是本区划或其下级区划']);
    const wrongLevel = await server.post(api('srmBaseDistrict', 'saveOrUpdate'), {
      districtCode: '320599',
      districtName: '测试区',
      countryCode: 'CN',
      levelNum: 2,
      parentDistrictId: suzhou,
    });
    expect([wrongLevel.httpStatus, wrongLevel.body.msg]).toEqual([400, '层级：应为上级区划的下一级（3 级）']);
  });
});
