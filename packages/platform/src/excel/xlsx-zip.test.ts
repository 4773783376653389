// Decoding the parts of an import file: text cut into chunks at any byte comes back whole (CJK,
// emoji, combining marks), bad bytes are refused; and what a file may inflate to.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, inflateLimits } from './xlsx-zip';

async function* chunksOf(bytes: Buffer, cuts: readonly number[]): AsyncGenerator<Buffer> {
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    yield bytes.subarray(start, cut);
    start = cut;
  }
  yield bytes.subarray(start);
}

async function decoded(bytes: Buffer, cuts: readonly number[]): Promise<string> {
  let text = '';
  for await (const part of decodeUtf8(chunksOf(bytes, cuts))) text += part;
  return text;
}

// CJK ideographs, CJK punctuation, emoji (4 bytes, some with a variation selector or a skin tone),
// combining marks and plain ASCII.
const character = fc.oneof(
  fc.integer({ min: 0x4e00, max: 0x9fff }).map((code) => String.fromCodePoint(code)),
  fc.constantFrom('，', '。', '（', '）', '个', '号', '规格'),
  fc.integer({ min: 0x1f600, max: 0x1f64f }).map((code) => String.fromCodePoint(code)),
  fc.constantFrom('👍🏽', '❤️', '👨‍👩‍👧', 'e\u0301', 'a\u0308\u0323', '한글'),
  fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
);

describe('decodeUtf8', () => {
  it('gives back random CJK, emoji and combining text byte for byte, cut at random offsets', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(character, { minLength: 1, maxLength: 200 }).map((chars) => chars.join('')),
        fc.array(fc.nat(), { maxLength: 40 }),
        async (text, cuts) => {
          const bytes = Buffer.from(text, 'utf8');
          const back = await decoded(
            bytes,
            cuts.map((cut) => cut % (bytes.length + 1)),
          );
          expect(Buffer.compare(Buffer.from(back, 'utf8'), bytes)).toBe(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives back a name cut at every byte offset, and in chunks of every size from 1 to 7', async () => {
    const text = '物料名称测试中文字符123号规格说明个😀é';
    const bytes = Buffer.from(text, 'utf8');
    for (let cut = 0; cut <= bytes.length; cut++) expect(await decoded(bytes, [cut])).toBe(text);
    for (let size = 1; size <= 7; size++) {
      const cuts = Array.from({ length: Math.floor(bytes.length / size) }, (_, i) => (i + 1) * size);
      expect(await decoded(bytes, cuts)).toBe(text);
    }
  });

  it('refuses bytes that are not UTF-8', async () => {
    await expect(decoded(Buffer.from([0x41, 0xe4, 0xb8, 0x41]), [2])).rejects.toThrow();
  });
});

describe('inflateLimits', () => {
  it('lets a file inflate to 100 times its size, between 32 MB and 1 GB, a part to 200 times', () => {
    const MIB = 1024 * 1024;
    expect(inflateLimits(10_000).total).toBe(32 * MIB);
    expect(inflateLimits(4 * MIB).total).toBe(400 * MIB);
    expect(inflateLimits(100 * MIB).total).toBe(1024 * MIB);
    expect(inflateLimits(4 * MIB).part(1000)).toBe(16 * MIB);
    expect(inflateLimits(4 * MIB).part(MIB)).toBe(200 * MIB);
    expect(inflateLimits(100_000).part(10 * MIB)).toBe(32 * MIB);
  });
});
