// How the quotation comparison finds and orders its materials — one rule for the server (a page of
// the materials a keyword finds) and for the dialog (the materials in another order than their
// lines, from the totals it already holds). No server code: the screen imports it.
import { dec, mul } from '@srm/kernel';

/** The orders the comparison offers for its materials. */
export const MATERIAL_ORDERS = ['LINE', 'SPEND', 'SAVING_TARGET', 'SAVING_LAST'] as const;
export type MaterialOrder = (typeof MATERIAL_ORDERS)[number];

/** What a keyword is looked for in. */
export interface FindableMaterial {
  readonly lineNum: number;
  readonly itemCode?: unknown;
  readonly itemName?: unknown;
}

/** A material's figures an order reads (a row of the comparison's totals). */
export interface OrderedMaterial extends FindableMaterial {
  readonly quantity: number;
  readonly lowestPrice: number | null;
  readonly savingVsTarget: number | null;
  readonly savingVsLast: number | null;
}

/**
 * The material's code begins with the keyword (codes are typed from their start: 0203 finds the
 * fasteners), its name holds it (any case), or the keyword is its line number.
 */
export function findsMaterial(keyword: string | undefined, material: FindableMaterial): boolean {
  const wanted = keyword?.trim().toLowerCase();
  if (!wanted) return true;
  const text = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '');
  return (
    text(material.itemCode).startsWith(wanted) ||
    text(material.itemName).includes(wanted) ||
    String(material.lineNum) === wanted
  );
}

/** Nulls after every number, whichever way the numbers go. */
function nullsLast<V>(a: V | null, b: V | null, compare: (a: V, b: V) => number): number {
  if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
  return compare(a, b);
}

/**
 * The materials in an order: LINE their lines; SPEND what they cost at their lowest price, the
 * largest first (where the money is); SAVING_TARGET and SAVING_LAST the saving against the target
 * or the last price, the least first (furthest over it: where to negotiate). Materials nobody
 * priced, or without the benchmark, come last; equal ones keep their line order.
 */
export function orderMaterials<T extends OrderedMaterial>(
  materials: readonly T[],
  order: MaterialOrder,
): T[] {
  const byLine = [...materials].sort((a, b) => a.lineNum - b.lineNum);
  if (order === 'LINE') return byLine;
  if (order === 'SPEND') {
    const spend = new Map(
      byLine.map((material) => [
        material,
        material.lowestPrice === null ? null : mul(dec(material.lowestPrice), dec(material.quantity)),
      ]),
    );
    return byLine.sort((a, b) =>
      nullsLast(spend.get(a) ?? null, spend.get(b) ?? null, (x, y) => y.comparedTo(x)),
    );
  }
  const saving = (material: T) =>
    order === 'SAVING_TARGET' ? material.savingVsTarget : material.savingVsLast;
  return byLine.sort((a, b) => nullsLast(saving(a), saving(b), (x, y) => x - y));
}
