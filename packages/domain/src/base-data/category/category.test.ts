// Purchase categories: the server keeps each level one below the parent, also when a branch
// moves, and refuses a category under its own subcategory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSeeds } from '../server';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

interface Category {
  categoryId: number;
  versionNum: number;
  levelNum: number;
  parentCategoryName: string | null;
}

const SAVE = api('srmBaseCategory', 'saveOrUpdate');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(baseDataSeeds, 'lookups', 'categories'),
  });
});
afterAll(async () => server?.close());

const category = (categoryCode: string) => server.first<Category>('srmBaseCategory', { categoryCode });

describe('category levels', () => {
  it('seeds a two-level tree', async () => {
    expect(await category('01')).toMatchObject({ levelNum: 1, parentCategoryName: null });
    expect(await category('0203')).toMatchObject({ levelNum: 2, parentCategoryName: '机械加工件' });
  });

  it('sets the level from the parent and carries it down when a branch moves', async () => {
    const screws = await server.post<Category>(SAVE, {
      categoryCode: '020301',
      categoryName: '螺钉',
      parentCategoryId: (await category('0203')).categoryId,
    });
    expect(screws.body.data).toMatchObject({ levelNum: 3, parentCategoryName: '紧固件' });
    const socket = await server.post<Category>(SAVE, {
      categoryCode: '02030101',
      categoryName: '内六角螺钉',
      parentCategoryId: screws.body.data.categoryId,
    });
    expect(socket.body.data.levelNum).toBe(4);

    const fasteners = await category('0203');
    const moved = await server.post<Category>(SAVE, {
      categoryId: fasteners.categoryId,
      versionNum: fasteners.versionNum,
      parentCategoryId: (await category('0202')).categoryId,
    });
    expect(moved.body.data.levelNum).toBe(3);
    expect((await category('020301')).levelNum).toBe(4);
    expect((await category('02030101')).levelNum).toBe(5);

    const back = await category('0203');
    await server.post(SAVE, {
      categoryId: back.categoryId,
      versionNum: back.versionNum,
      parentCategoryId: null,
    });
    expect((await category('0203')).levelNum).toBe(1);
    expect((await category('02030101')).levelNum).toBe(3);
  });

  it('refuses a category under its own subcategory, and a level sent by the client', async () => {
    const root = await category('01');
    const cycle = await server.post(SAVE, {
      categoryId: root.categoryId,
      versionNum: root.versionNum,
      parentCategoryId: (await category('0104')).categoryId,
    });
    expect([cycle.httpStatus, cycle.body.msg]).toEqual([400, '上级品类：上级品类不能是本品类或其下级品类']);
    const level = await server.post(
      SAVE,
      { categoryCode: 'L9', categoryName: '层级', levelNum: 9 },
      { language: 'EN' },
    );
    expect(level.httpStatus).toBe(400);
    expect(level.body.msg).toMatch(/^Level: /);
  });
});
