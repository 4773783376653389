// The browser's signing against the worked example of docs/api.md (which the server's tests
// check against the server).
import { describe, expect, it } from 'vitest';
import { APP_ID, appSignOf, nextTimestamp, parameterSignatureOf, sha256hex, signedHeaders } from './signing';

const example = {
  timestamp: '1795300000000',
  signKey: 'q3Vx8f0mJ7cK2pR5tY9wZ1aB4dE6gH8jL0nM2oP4rS6',
  path: '/api/srm/v1/srmBaseDistrictRestful/listByPage',
  body: '{"pageIndex":1,"pageRows":20,"districtName":"上海"}',
};

describe('request signing (docs/api.md, worked example)', () => {
  it('hashes the timestamp twice into appsign', async () => {
    expect(APP_ID).toBe('srm-web');
    expect(await sha256hex(`srm-web:${example.timestamp}`)).toBe(
      '1bf610d611bc88aae9eab5ce8ec83c1c576b812211691bba554ae2d8ae9083f7',
    );
    expect(await appSignOf('srm-web', example.timestamp)).toBe(
      'c20f9c9765f8cb6bde92eda74e8c2c85383ae58e527e4ef9f5b94d23ed152efd',
    );
  });

  it('signs method, path, timestamp and the exact body text', async () => {
    expect(
      await parameterSignatureOf(example.signKey, 'POST', example.path, example.timestamp, example.body),
    ).toBe('NDPHE/xsrwITkYfWQHD3gSm8vVpfoO6QZOHQsym6psE=');
    const headers = await signedHeaders(
      { authorizationCode: 'code', signKey: example.signKey },
      'POST',
      example.path,
      example.body,
      example.timestamp,
    );
    expect(headers).toEqual({
      AuthorizationCode: 'code',
      appId: 'srm-web',
      timestamp: example.timestamp,
      appsign: 'c20f9c9765f8cb6bde92eda74e8c2c85383ae58e527e4ef9f5b94d23ed152efd',
      parameterSignature: 'NDPHE/xsrwITkYfWQHD3gSm8vVpfoO6QZOHQsym6psE=',
    });
  });

  it('never reuses a millisecond, so equal requests are not taken for replays', () => {
    const first = nextTimestamp(1000);
    expect(nextTimestamp(1000)).not.toBe(first);
  });

  it('follows the clock when it is set back, instead of signing ahead of it for ever', () => {
    nextTimestamp(10 * 60_000);
    expect(nextTimestamp(60_000)).toBe('60000');
    expect(nextTimestamp(60_000)).toBe('60001');
  });
});
