// Test helper of the server's own tests: the platform's test server (`@srm/platform/testing`)
// composed with the domain's business areas unless a test names others.
import {
  type TestServer,
  type TestServerOptions,
  startTestServer as startPlatformTestServer,
} from '@srm/platform/testing';
import { serverAreas } from '@srm/domain/server';

export { api, seedsNamed, type Answer, type PostOptions, type TestServer } from '@srm/platform/testing';

export function startTestServer(
  options: Omit<TestServerOptions, 'areas'> & { areas?: TestServerOptions['areas'] } = {},
): Promise<TestServer> {
  return startPlatformTestServer({ areas: serverAreas, ...options });
}
