// A reference's display value in the reader's language: an English reader reads the target's
// English name where it has one and its Chinese name where not; a Chinese reader the Chinese one.
// Each reader's statement selects only the value it shows (ADR 0043 §8). Both ways a display is
// read: joined (a row with at most two shown references) and as a subquery (more), and lines read
// with their document (findById) and alone.
import { defineEntity, parseListRequest, ref, text } from '@srm/kernel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../access/actor';
import { type EngineHarness, startEngine } from '../testing/engine';

const place = defineEntity('langPlace', {
  area: 'test',
  table: 'test_lang_place',
  key: 'placeId',
  fields: {
    placeName: text({ required: true, max: 60, english: 'placeNameEn' }),
    placeNameEn: text({ max: 60 }),
  },
  list: { columns: ['placeName', 'placeNameEn'] },
});

const leg = defineEntity('langLeg', {
  area: 'test',
  table: 'test_lang_leg',
  key: 'legId',
  parent: { entity: 'langTrip', field: 'tripId' },
  fields: {
    legNum: text({ required: true, max: 10 }),
    stopId: ref('langPlace', { required: true, display: 'placeName', displayAs: 'stopName' }),
  },
  list: { columns: ['legNum', 'stopId'] },
});

/** Three shown references: read as subqueries. */
const trip = defineEntity('langTrip', {
  area: 'test',
  table: 'test_lang_trip',
  key: 'tripId',
  fields: {
    title: text({ required: true, max: 60 }),
    fromId: ref('langPlace', { required: true, display: 'placeName', displayAs: 'fromName' }),
    toId: ref('langPlace', { required: true, display: 'placeName', displayAs: 'toName' }),
    viaId: ref('langPlace', { display: 'placeName', displayAs: 'viaName' }),
  },
  lines: { legs: leg },
  list: { columns: ['title', 'fromId', 'toId', 'viaId'] },
});

/** One shown reference: joined. */
const visit = defineEntity('langVisit', {
  area: 'test',
  table: 'test_lang_visit',
  key: 'visitId',
  fields: {
    note: text({ required: true, max: 60 }),
    placeId: ref('langPlace', { required: true, display: 'placeName' }),
  },
  list: { columns: ['note', 'placeId'] },
});

let engine: EngineHarness;
const ids: Record<string, number> = {};
const path = (entity: string, action: string) => `/api/srm/v1/${entity}Restful/${action}`;
const english = { 'SAAF-Language': 'EN' };

async function saved(entity: string, row: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { httpStatus, body } = await engine.post<{
    status: string;
    msg: string;
    data: Record<string, unknown>;
  }>(path(entity, 'saveOrUpdate'), row);
  if (httpStatus !== 200) throw new Error(body.msg);
  return body.data;
}

beforeAll(async () => {
  engine = await startEngine({ entities: [place, trip, leg, visit] });
  for (const [key, zh, en] of [
    ['pudong', '浦东', 'Pudong'],
    ['suzhou', '苏州', ''],
    ['kunshan', '昆山', null],
  ] as const)
    ids[key] = (await saved('langPlace', { placeName: zh, placeNameEn: en })).placeId as number;
  ids.trip = (
    await saved('langTrip', {
      title: '送货',
      fromId: ids.pudong,
      toId: ids.suzhou,
      viaId: ids.kunshan,
      legs: [
        { legNum: '1', stopId: ids.kunshan },
        { legNum: '2', stopId: ids.pudong },
      ],
    })
  ).tripId as number;
  ids.visit = (await saved('langVisit', { note: '拜访', placeId: ids.pudong })).visitId as number;
});
afterAll(async () => engine?.close());

describe('display values in the reader’s language', () => {
  it('in a list: English where the target has it, Chinese where its English is empty or missing', async () => {
    const list = async (entity: string, headers?: Record<string, string>) =>
      (
        await engine.post<{ data: Record<string, unknown>[] }>(
          path(entity, 'listByPage'),
          {},
          undefined,
          headers,
        )
      ).body.data[0];
    expect(await list('langTrip')).toMatchObject({ fromName: '浦东', toName: '苏州', viaName: '昆山' });
    expect(await list('langTrip', english)).toMatchObject({
      fromName: 'Pudong',
      toName: '苏州',
      viaName: '昆山',
    });
    expect(await list('langVisit')).toMatchObject({ placeName: '浦东' });
    expect(await list('langVisit', english)).toMatchObject({ placeName: 'Pudong' });
  });

  it('in a document read with its lines, and in its lines read alone', async () => {
    const find = async (headers?: Record<string, string>) =>
      (
        await engine.post<{ data: Record<string, unknown> & { legs: Record<string, unknown>[] } }>(
          path('langTrip', 'findById'),
          { tripId: ids.trip },
          undefined,
          headers,
        )
      ).body.data;
    const zh = await find();
    expect(zh).toMatchObject({ fromName: '浦东', toName: '苏州' });
    expect(zh.legs.map((one) => one.stopName)).toEqual(['昆山', '浦东']);
    const en = await find(english);
    expect(en).toMatchObject({ fromName: 'Pudong', toName: '苏州' });
    expect(en.legs.map((one) => one.stopName)).toEqual(['昆山', 'Pudong']);
    const legs = await engine.post<{ data: Record<string, unknown>[] }>(
      path('langLeg', 'listByPage'),
      { tripId: ids.trip },
      undefined,
      english,
    );
    expect(legs.body.data.map((one) => one.stopName).sort()).toEqual(['Pudong', '昆山']);
  });

  it('a reader’s statement selects only the display value it shows', async () => {
    const service = engine.runtime.service('langTrip');
    const statements = async (locale: 'zh-CN' | 'en') => {
      const parsed = parseListRequest(service.entity, {});
      if (!parsed.ok) throw new Error(parsed.issue.message);
      return (await service.listStatements({ ...SYSTEM_ACTOR, locale }, parsed.query))[0]!.sql;
    };
    const zh = await statements('zh-CN');
    expect(zh).not.toMatch(/place_name_en/);
    const en = await statements('en');
    expect(en.match(/place_name_en/g)).toHaveLength(3);
  });
});
