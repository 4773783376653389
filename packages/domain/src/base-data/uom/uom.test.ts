// Units of measure: converting with the UNIT_CONVERSION_RATIO lookup in both directions (the
// reverse through the reciprocal rounded to 10 places), and conversions that name real units.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSeeds } from '../server';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

const CONVERT = api('srmBaseUom', 'convert');

interface Converted {
  rate: number;
  reverse: boolean;
  convertedQuantity: number;
  roundedQuantity: number;
  precision: number;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(baseDataSeeds, 'lookups', 'units'),
  });
});
afterAll(async () => server?.close());

async function convert(quantity: unknown, fromUom: string, toUom: string) {
  return server.post<Converted>(CONVERT, { quantity, fromUom, toUom });
}

describe('convert', () => {
  it('multiplies by the rate of a stored conversion (KG → G)', async () => {
    const { httpStatus, body } = await convert(2.5, 'KG', 'G');
    expect(httpStatus).toBe(200);
    expect(body.data).toMatchObject({
      rate: 1000,
      reverse: false,
      convertedQuantity: 2500,
      roundedQuantity: 2500,
    });
  });

  it('uses the reciprocal for the reverse direction (G → KG)', async () => {
    const { body } = await convert('1234.5', 'G', 'KG');
    expect(body.data).toMatchObject({ rate: 0.001, reverse: true, convertedQuantity: 1.2345, precision: 3 });
    expect(body.data.roundedQuantity).toBe(1.235);
  });

  it('rounds the reciprocal to 10 places (PCS → DZ with DZ → PCS = 12)', async () => {
    const there = await convert(3, 'DZ', 'PCS');
    expect(there.body.data).toMatchObject({ rate: 12, convertedQuantity: 36 });
    const back = await convert(30, 'PCS', 'DZ');
    expect(back.body.data.rate).toBe(0.0833333333);
    // 30 × 0.0833333333, exactly: the spec's rounded reciprocal, not 30 / 12.
    expect(back.body.data.convertedQuantity).toBe(2.499999999);
    expect(back.body.data).toMatchObject({ reverse: true, precision: 0, roundedQuantity: 2 });
  });

  it('a unit converts to itself at 1', async () => {
    expect((await convert(7, 'BOX', 'BOX')).body.data).toMatchObject({ rate: 1, convertedQuantity: 7 });
  });

  it('refuses a pair without a conversion with a 400 in both languages (no chaining T → KG → G)', async () => {
    const zh = await convert(1, 'T', 'G');
    expect(zh.httpStatus).toBe(400);
    expect(zh.body).toMatchObject({ status: 'E', msg: '未维护从 T 到 G 的单位换算关系' });
    const en = await server.post(CONVERT, { quantity: 1, fromUom: 'T', toUom: 'G' }, { language: 'EN' });
    expect(en.httpStatus).toBe(400);
    expect(en.body.msg).toBe('No conversion from T to G is defined');
  });

  it('refuses bad input with a 400 naming the parameter', async () => {
    const cases: [unknown, number, string, string][] = [
      [
        { quantity: 'abc', fromUom: 'KG', toUom: 'G' },
        400,
        '数量：必须输入数值',
        'Quantity: Must be a number',
      ],
      [{ quantity: 1, fromUom: 'KG' }, 400, '目标单位：必填', 'To unit: Required'],
      [
        { quantity: 1, fromUom: 'XYZ', toUom: 'G' },
        400,
        '计量单位不存在：XYZ',
        'No such unit of measure: XYZ',
      ],
      [
        { quantity: true, fromUom: 'KG', toUom: 'G' },
        400,
        '数量：必须输入数值',
        'Quantity: Must be a number',
      ],
      [
        { quantity: 1, fromUom: 'K\u0000G', toUom: 'G' },
        400,
        '原单位：不能包含空字符（U+0000）',
        'From unit: Must not contain a NUL character (U+0000)',
      ],
      [
        { quantity: 1, fromUom: 'KG', toUom: 'G', unit: 'KG' },
        400,
        '不允许的字段：unit',
        'Unknown field: unit',
      ],
      [[1, 2], 400, '请求内容必须是对象', 'The request body must be an object'],
    ];
    for (const [body, status, zh, en] of cases) {
      const chinese = await server.post(CONVERT, body);
      expect([chinese.httpStatus, chinese.body.msg]).toEqual([status, zh]);
      const english = await server.post(CONVERT, body, { language: 'EN' });
      expect([english.httpStatus, english.body.msg]).toEqual([status, en]);
    }
  });
});

describe('conversions', () => {
  it('lists every conversion with the names of both units and the reverse rate', async () => {
    const { body } = await server.post<
      { fromUom: string; toUom: string; rate: number; reverseRate: number }[]
    >(api('srmBaseUom', 'conversions'));
    expect(body.data).toHaveLength(7);
    expect(body.data.find((c) => c.fromUom === 'DZ')).toMatchObject({
      toUom: 'PCS',
      fromUomName: '打',
      toUomName: '个',
      rate: 12,
      reverseRate: 0.0833333333,
    });
  });

  it('lists the conversions of one unit, in either direction', async () => {
    const { body } = await server.post<{ fromUom: string; toUom: string }[]>(
      api('srmBaseUom', 'conversions'),
      {
        uomCode: 'KG',
      },
    );
    expect(body.data.map((c) => `${c.fromUom}>${c.toUom}`).sort()).toEqual(['KG>G', 'T>KG']);
  });
});

describe('conversion values name existing units', () => {
  async function conversionType() {
    const type = await server.first<{ lookupTypeId: number }>('baseLookupType', {
      lookupType: 'UNIT_CONVERSION_RATIO',
    });
    const { body } = await server.post<{
      lookupTypeId: number;
      versionNum: number;
      values: { lookupValuesId: number }[];
    }>(api('baseLookupType', 'findById'), { lookupTypeId: type.lookupTypeId });
    return body.data;
  }

  async function addValue(value: Record<string, unknown>, language?: 'EN') {
    const type = await conversionType();
    return server.post(
      api('baseLookupType', 'saveOrUpdate'),
      {
        lookupTypeId: type.lookupTypeId,
        versionNum: type.versionNum,
        values: [...type.values.map((v) => ({ lookupValuesId: v.lookupValuesId })), value],
      },
      language ? { language } : {},
    );
  }

  it('refuses an unknown unit, the same unit twice, a bad rate and a pair defined the other way', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { lookupCode: 'XX', meaning: 'PCS', description: '5' },
        '快码值：第 8 行，原单位 XX 不是已维护的计量单位',
        'Values: line 8: the original unit XX is not a unit of measure',
      ],
      [
        { lookupCode: 'ROLL', meaning: 'YY', description: '5' },
        '快码值：第 8 行，目标单位 YY 不是已维护的计量单位',
        'Values: line 8: the target unit YY is not a unit of measure',
      ],
      [
        { lookupCode: 'H', meaning: 'H', description: '1' },
        '快码值：第 8 行，原单位与目标单位相同：H',
        'Values: line 8: the original and target units are both H',
      ],
      [
        { lookupCode: 'ROLL', meaning: 'M', description: '-50' },
        '快码值：第 8 行，换算率必须是大于 0 的数字：-50',
        'Values: line 8: the rate must be a number greater than 0: -50',
      ],
      [
        { lookupCode: 'G', meaning: 'KG', description: '0.001' },
        '快码值：第 8 行，G 与 KG 的换算已在第 1 行反向维护，反向换算自动取倒数',
        'Values: line 8: the conversion between G and KG is already defined the other way on line 1; the reverse uses its reciprocal',
      ],
    ];
    for (const [value, zh, en] of cases) {
      const chinese = await addValue(value);
      expect([chinese.httpStatus, chinese.body.msg]).toEqual([400, zh]);
      const english = await addValue(value, 'EN');
      expect([english.httpStatus, english.body.msg]).toEqual([400, en]);
    }
    expect((await conversionType()).values).toHaveLength(7);
  });

  it('accepts a valid conversion, which convert then uses', async () => {
    const saved = await addValue({ lookupCode: 'ROLL', meaning: 'M', description: '50' });
    expect(saved.httpStatus).toBe(200);
    expect((await convert(3, 'ROLL', 'M')).body.data).toMatchObject({ rate: 50, convertedQuantity: 150 });
    expect((await convert(25, 'M', 'ROLL')).body.data).toMatchObject({ rate: 0.02, convertedQuantity: 0.5 });
  });

  it('a unit used by a conversion can be neither deleted nor recoded; an unused one can', async () => {
    const kg = await server.first<{ uomId: number; versionNum: number }>('srmBaseUom', { uomCode: 'KG' });
    const deleted = await server.post(api('srmBaseUom', 'delete'), { uomId: kg.uomId });
    expect([deleted.httpStatus, deleted.body.msg]).toEqual([
      422,
      '单位编码：单位 KG 已用于单位换算，不能删除',
    ]);
    const recoded = await server.post(
      api('srmBaseUom', 'saveOrUpdate'),
      { uomId: kg.uomId, versionNum: kg.versionNum, uomCode: 'KGM' },
      { language: 'EN' },
    );
    expect([recoded.httpStatus, recoded.body.msg]).toEqual([
      400,
      'Unit code: Unit KG is used in unit conversions; change the conversions before its code',
    ]);
    const hour = await server.first<{ uomId: number }>('srmBaseUom', { uomCode: 'H' });
    expect((await server.post(api('srmBaseUom', 'delete'), { uomId: hour.uomId })).httpStatus).toBe(200);
  });
});
