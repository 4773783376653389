// Tests that need qualified library lines without running introductions qualify them as the
// platform would at the end of one (ADR 0023: no buyer's action qualifies a line).
import { SYSTEM_ACTOR, dataApi } from '@srm/platform';
import type { TestServer } from '@srm/platform/testing';
import { supplierCategoryOrg } from './supplier';

export async function qualifyLines(server: TestServer, categoryOrgIds: readonly number[]): Promise<void> {
  await server.runtime.transaction(async (tx) => {
    const data = dataApi(
      { actor: SYSTEM_ACTOR, runtime: server.runtime, tx, now: server.clock.now() },
      'test',
    );
    await data.act(supplierCategoryOrg, 'doQualify', categoryOrgIds);
  });
}
