// The comparison's orders of its materials and its keyword, as the dialog and the server use them.
import { describe, expect, it } from 'vitest';
import { type OrderedMaterial, findsMaterial, orderMaterials } from './comparison.order';

const material = (
  lineNum: number,
  quantity: number,
  lowestPrice: number | null,
  savingVsTarget: number | null,
  savingVsLast: number | null,
): OrderedMaterial => ({
  lineNum,
  itemCode: `0203000${lineNum}`,
  itemName: `螺母 M${lineNum}`,
  quantity,
  lowestPrice,
  savingVsTarget,
  savingVsLast,
});

// Given out of line order: the order never depends on how they came.
const MATERIALS = [
  material(4, 1000, null, null, null),
  material(2, 3, 0.1, -5, 0),
  material(1, 100, 0.3, 20, null),
  material(3, 10, 3, -5, -12.5),
  material(5, 0.3, 0.1, 0, 1),
];
const lines = (order: Parameters<typeof orderMaterials>[1]) =>
  orderMaterials(MATERIALS, order).map((row) => row.lineNum);

describe('the order of the materials', () => {
  it('by line', () => {
    expect(lines('LINE')).toEqual([1, 2, 3, 4, 5]);
  });

  it('by the amount at the lowest price, largest first, exact decimals; unpriced last', () => {
    // 30, 0.3, 30, unpriced, 0.03: 0.1 × 3 is 0.3 exactly, 0.1 × 0.3 is 0.03 (in binary floating
    // point 0.30000000000000004 and 0.03), equal amounts in line order.
    expect(lines('SPEND')).toEqual([1, 3, 2, 5, 4]);
  });

  it('by saving, the least first (furthest over the benchmark); without one last', () => {
    expect(lines('SAVING_TARGET')).toEqual([2, 3, 5, 1, 4]);
    expect(lines('SAVING_LAST')).toEqual([3, 2, 5, 1, 4]);
  });
});

describe('the keyword', () => {
  const screw = { lineNum: 12, itemCode: '02030001', itemName: 'Hex Socket Screw M6' };
  it('finds a material by the start of its code, by its name in any case, by its line', () => {
    expect(findsMaterial('0203', screw)).toBe(true);
    expect(findsMaterial('0001', screw)).toBe(false);
    expect(findsMaterial('socket', screw)).toBe(true);
    expect(findsMaterial(' 12 ', screw)).toBe(true);
    expect(findsMaterial('1', screw)).toBe(false);
    expect(findsMaterial('', screw)).toBe(true);
  });
});
