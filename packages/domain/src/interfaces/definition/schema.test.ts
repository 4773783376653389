// The map picker's data dictionary over real HTTP: every field path of a business object listed
// once, and only the header's plain text fields offered as places an answer is written back to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';
import type { SchemaColumn } from './field-maps';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ areas: serverAreas });
});
afterAll(async () => server?.close());

async function columnsOf(tableName: string): Promise<SchemaColumn[]> {
  const answer = await server.post<SchemaColumn[]>(api('baseScsiDefinition', 'listColumnByPage'), {
    tableName,
    pageRows: 500,
  });
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data;
}

describe('the columns of a business object', () => {
  it('name each field path once: its key, state and version too', async () => {
    const paths = (await columnsOf('srmPoHeader')).map((column) => column.columnName);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
    expect(paths).toEqual(
      expect.arrayContaining(['poHeaderId', 'status', 'versionNum', 'lines[].poLineId', 'lines[].itemCode']),
    );
  });

  it("offer for a write-back only the text fields the order's editors write themselves", async () => {
    const writable = (await columnsOf('srmPoHeader'))
      .filter((column) => column.writeBack)
      .map((column) => column.columnName);
    expect(writable).toEqual(expect.arrayContaining(['erpPoNumber', 'remark']));
    for (const path of writable) expect(path).not.toMatch(/\[\]|^(poNumber|status|supplierName|sourceNum)$/);
  });
});
