import { describe, expect, it } from 'vitest';
import { overlayOfHeader } from './api';

describe('the on-screen watermark of a signed PDF (x-srm-watermark)', () => {
  const header = (value: unknown) => encodeURIComponent(JSON.stringify(value));

  it('reads the watermark the server sent', () => {
    const mark = { text: '仅供查阅 张三', opacity: 0.25, angle: 45, fontSize: 20, tiled: true };
    expect(overlayOfHeader(header(mark))).toEqual(mark);
  });

  it('keeps the values within what the viewer draws', () => {
    expect(
      overlayOfHeader(header({ text: 'x', opacity: 9, angle: 'a', fontSize: 1000, tiled: false })),
    ).toEqual({
      text: 'x',
      opacity: 1,
      angle: 0,
      fontSize: 96,
      tiled: false,
    });
  });

  it('is absent without a header, without text or when the header is not one', () => {
    expect(overlayOfHeader(null)).toBeUndefined();
    expect(overlayOfHeader(header({ opacity: 0.2 }))).toBeUndefined();
    expect(overlayOfHeader('%E0%A4%A')).toBeUndefined();
    expect(overlayOfHeader('not json')).toBeUndefined();
  });
});

describe('the image of an on-screen watermark', () => {
  const header = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const mark = { text: '外部', opacity: 0.2, angle: 30, fontSize: 16, tiled: true };

  it("is fetched only from this server's watermark images", () => {
    expect(
      overlayOfHeader(header({ ...mark, image: '/api/file/v2/images/watermark/wm.1.2.x', imageWidth: 40 })),
    ).toMatchObject({ image: '/api/file/v2/images/watermark/wm.1.2.x', imageWidth: 40 });
    for (const image of ['https://elsewhere.example/x.png', '/api/file/v2/file/download?id=1', 7])
      expect(overlayOfHeader(header({ ...mark, image }))).not.toHaveProperty('image');
  });
});
