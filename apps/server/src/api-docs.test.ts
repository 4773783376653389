// The API document lists every route under /api/ the application registers, each with its
// summary, its request (JSON, query, path or multipart), its success answer and its client
// errors; and the composed application does not start with a route that does not declare itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@srm/platform/testing';
import { buildApp } from './app';
import { startTestServer, type TestServer } from './testing';

interface Operation {
  summary?: string;
  operationId: string;
  tags: string[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
  security?: unknown[];
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string; description: string }[];
};

let server: TestServer;
let document: Document;
beforeAll(async () => {
  server = await startTestServer();
  const response = await fetch(`${server.url}/api/docs`);
  document = (await response.json()) as Document;
});
afterAll(async () => server?.close());

const operationOf = (method: string, path: string) => document.paths[path]?.[method.toLowerCase()];

describe('GET /api/docs', () => {
  it('lists every registered /api/ route, and nothing else', () => {
    const routes = server.app.routeInventory.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(500);
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(operationOf(route.method, path), `${route.method} ${route.url}`).toBeDefined();
    }
    const operations = Object.values(document.paths).reduce((n, path) => n + Object.keys(path).length, 0);
    expect(operations).toBe(routes.length);
  });

  it('gives every operation a summary, a unique id, a tag it defines, a success and its client errors', () => {
    const ids = new Set<string>();
    const tags = new Set(document.tags.map((tag) => tag.name));
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, name).toBeTruthy();
        expect(ids.has(operation.operationId), name).toBe(false);
        ids.add(operation.operationId);
        expect(tags.has(operation.tags[0]!), name).toBe(true);
        expect(operation.responses['200'], name).toBeDefined();
        if (path !== '/api/docs')
          expect(
            Object.keys(operation.responses).some((status) => /^4\d\d$/.test(status)),
            name,
          ).toBe(true);
      }
    }
  });

  it('describes the platform routes that were missing: auth, files, large files, Excel, health', () => {
    const login = operationOf('POST', '/api/base/v1/auth/login')!;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    const upload = operationOf('POST', '/api/file/v2/file/upload')!;
    const form = upload.requestBody!.content['multipart/form-data'] as { schema: { properties: object } };
    expect(Object.keys(form.schema.properties)).toEqual(
      expect.arrayContaining(['path', 'functionId', 'businessId', 'fileDesc', 'files']),
    );
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['401', '413', '415']));
    const chunk = operationOf('POST', '/api/largeFile/v1/largeFile/upload')!;
    expect(chunk.requestBody!.content['multipart/form-data']).toBeDefined();
    const download = operationOf('GET', '/api/largeFile/v1/largeFile/download')!;
    expect(download.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'query' })]);
    expect(Object.keys(download.responses)).toEqual(expect.arrayContaining(['200', '206', '416']));
    const view = operationOf('GET', '/api/file/v2/file/view/{token}')!;
    expect(view.parameters).toEqual([expect.objectContaining({ name: 'token', in: 'path' })]);
    expect(operationOf('POST', '/api/export/v1/exportExcelRestful/exportExcel')).toBeDefined();
    expect(operationOf('POST', '/api/export/v1/importExcelRestful/importExcel')).toBeDefined();
    expect(operationOf('POST', '/api/base/health')!.security).toEqual([]);
  });

  it('derives an entity route from its definition', () => {
    const save = operationOf('POST', '/api/srm/v1/srmBaseDistrictRestful/saveOrUpdate')!;
    expect(save.tags).toEqual(['srmBaseDistrict']);
    expect(save.requestBody!.content['application/json']).toEqual({
      schema: { $ref: '#/components/schemas/srmBaseDistrictSave' },
    });
    expect(Object.keys(save.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404', '409']));
  });
});

describe('every route declares itself', () => {
  it('each /api/ route of the application has an input, a scope and its answers', () => {
    for (const route of server.app.routeInventory.filter((r) => r.url.startsWith('/api/'))) {
      expect(route.declared, `${route.method} ${route.url}`).toMatchObject({
        summary: expect.any(String),
        input: expect.any(Object),
        scope: expect.any(String),
      });
    }
  });

  it('the application does not start with a rogue route under /api/', async () => {
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'srm-test-data-'));
    const { app } = await buildApp({ database, dataDir, jobWorkers: false });
    try {
      await expect(async () => {
        app.post('/api/base/v1/rogue', { config: { access: 'authenticated' } }, async () => ({}));
        await app.ready();
      }).rejects.toThrow('Route POST /api/base/v1/rogue does not declare its summary, input, scope');
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
