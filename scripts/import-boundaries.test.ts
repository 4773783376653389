// The import directions of DESIGN.md §4 are enforced by lint: an import against them fails.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'srm/import-zones')
    .map((message) => message.message);
}

describe('import boundaries', () => {
  it.each([
    ['packages/kernel/src/x.ts', "import { readFileSync } from 'node:fs';"],
    ['packages/kernel/src/x.ts', "import { openDatabase } from '@srm/db';"],
    ['packages/kernel/src/x.ts', "import pg from 'pg';"],
    ['packages/db/src/x.ts', "import { AppError } from '@srm/platform';"],
    ['packages/platform/src/x.ts', "import { purchaseOrder } from '@srm/domain';"],
    ['packages/platform/src/x.ts', "import { Button } from 'antd';"],
    ['packages/platform-ui/src/x.tsx', "import { AppError } from '@srm/platform';"],
    ['packages/platform-ui/src/x.tsx', "import { purchaseOrder } from '@srm/domain';"],
    ['packages/domain/src/purchasing/order.entity.ts', "import { AppError } from '@srm/platform';"],
    ['packages/domain/src/purchasing/order.actions.ts', "import { EntityListPage } from '@srm/platform-ui';"],
    ['packages/domain/src/purchasing/order.screen.tsx', "import { AppError } from '@srm/platform';"],
    ['packages/domain/src/purchasing/screens.ts', "import { AppError } from '@srm/platform';"],
    ['apps/web/src/x.tsx', "import { openDatabase } from '@srm/db';"],
    ['packages/domain/src/purchasing/x.test.ts', "import { startTestServer } from '@srm/server/testing';"],
    // Relative paths obey the same directions: none climbs out of its package …
    [
      'packages/domain/src/purchasing/x.test.ts',
      "import { buildApp } from '../../../../apps/server/src/app';",
    ],
    ['packages/platform/src/entity/x.ts', "import { purchaseOrder } from '../../../domain/src/purchasing';"],
    ['packages/kernel/src/x.ts', "export * from '../../db/src/index';"],
    ['bench/x.bench.ts', "import { buildApp } from '../apps/server/src/app';"],
    ['apps/server/src/x.ts', "const app = await import('../../web/src/main');"],
    // … and one area reaches another only through its public files.
    ['packages/domain/src/receiving/receive.actions.ts', "import { x } from '../purchasing/order.actions';"],
    [
      'packages/domain/src/receiving/receipt/receipt.actions.ts',
      "import { x } from '../../purchasing/order/order.entity';",
    ],
    ['packages/domain/src/delivery/x.ts', "export { x } from '../purchasing/support';"],
  ])('%s may not %s', async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\n`)).not.toEqual([]);
  });

  it.each([
    ['packages/platform/src/x.ts', "import { openDatabase } from '@srm/db';"],
    ['packages/platform/src/x.ts', "import { localeOf } from '@srm/kernel';"],
    ['packages/domain/src/purchasing/order.entity.ts', "import { localeOf } from '@srm/kernel';"],
    ['packages/domain/src/purchasing/order.actions.ts', "import { AppError } from '@srm/platform';"],
    ['packages/domain/src/purchasing/order.screen.tsx', "import { Button } from 'antd';"],
    ['packages/domain/src/purchasing/screens.ts', "import { entityScreens } from '@srm/platform-ui';"],
    ['apps/server/src/x.ts', "import { purchaseOrder } from '@srm/domain';"],
    ['packages/platform/src/entity/x.ts', "import { AppError } from '../http/errors';"],
    ['packages/domain/src/purchasing/order/order.actions.ts', "import { x } from '../support';"],
    ['packages/domain/src/receiving/receive.actions.ts', "import { purchaseOrder } from '../purchasing';"],
    ['packages/domain/src/receiving/receive.actions.ts', "import { x } from '../purchasing/index';"],
    ['packages/domain/src/receiving/receive.actions.ts', "import { x } from '../purchasing/server';"],
    ['packages/domain/src/receiving/area.ts', "import { x } from '../purchasing/area';"],
    [
      'packages/domain/src/receiving/receipt/receipt.test.ts',
      "import { serverAreas } from '../../areas.server';",
    ],
    ['packages/domain/src/areas.server.ts', "import { x } from './purchasing/area.server';"],
  ])('%s may %s', async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\n`)).toEqual([]);
  });
});
