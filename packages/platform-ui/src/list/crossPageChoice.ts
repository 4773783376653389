// Rows chosen across the pages of a table (a dialog that pages through the server's rows): antd's
// selection with `preserveSelectedRowKeys` hands back every key still chosen but only the rows of
// the page it shows; the rows of other pages are kept from when they were chosen.
import { type Key, useCallback, useState } from 'react';

export interface CrossPageChoice<R> {
  /** The rows chosen, by id, in the order they were chosen. */
  readonly chosen: ReadonlyMap<number, R>;
  /** The table's `rowSelection.onChange`. */
  choose(keys: Key[], picked: readonly (R | undefined)[]): void;
  /** Chooses exactly these rows (rows given to begin with). */
  reset(rows: readonly R[]): void;
}

export function useCrossPageChoice<R>(idOf: (row: R) => number): CrossPageChoice<R> {
  const [chosen, setChosen] = useState<ReadonlyMap<number, R>>(new Map());
  const choose = useCallback(
    (keys: Key[], picked: readonly (R | undefined)[]) =>
      setChosen((now) => {
        const known = new Map(now);
        for (const row of picked) if (row !== undefined) known.set(idOf(row), row);
        return new Map(
          keys.flatMap((key) => {
            const row = known.get(Number(key));
            return row === undefined ? [] : [[Number(key), row] as const];
          }),
        );
      }),
    [idOf],
  );
  const reset = useCallback(
    (rows: readonly R[]) => setChosen(new Map(rows.map((row) => [idOf(row), row] as const))),
    [idOf],
  );
  return { chosen, choose, reset };
}
