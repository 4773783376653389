// A read-only grid virtual in both directions, for items × parties views such as the quotation
// comparison of a large inquiry (500 materials × 100 suppliers: 1,000 cells across, 500 rows
// down): fixed columns on the left, groups of columns across (one per supplier, then the result),
// a two-level header fixed on top and a total row fixed at the bottom. Only the rows and the groups in view (and a few beside
// them) are drawn, so the first frame costs the same for 2 suppliers as for 100; rows may differ
// in height (a material with tiers takes more lines). antd's virtual table draws every column of
// a row, and a row of 100 suppliers is 200 cells: hence this one. One scroll box: the wheel,
// the scroll bars, the keyboard (focus it: arrows, Page Up/Down, Home/End) and Ctrl+F on the
// rows in view work as on a page.
import { type CSSProperties, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';

export interface CrossColumn<R> {
  readonly key: string;
  readonly title: ReactNode;
  readonly width: number;
  readonly align?: 'left' | 'right' | 'center';
  /** A loaded row's cell. */
  readonly render: (row: R, index: number) => ReactNode;
  readonly cellStyle?: (row: R) => CSSProperties | undefined;
  /** Its cell in the total row (when its group has no summary of its own). */
  readonly summary?: ReactNode;
}

export interface CrossGroup<R> {
  readonly key: string;
  readonly title: ReactNode;
  readonly columns: readonly CrossColumn<R>[];
  /** The group's cell in the total row, spanning its columns (else each column's). */
  readonly summary?: ReactNode;
}

export interface CrossGridProps<R> {
  /** Columns fixed on the left (their header spans both header rows). */
  readonly fixed: readonly CrossColumn<R>[];
  readonly groups: readonly CrossGroup<R>[];
  readonly rowCount: number;
  /** The row at `index`, or undefined while its part is loading (drawn as a placeholder). */
  readonly rowAt: (index: number) => R | undefined;
  /** A row's height in pixels (a row not loaded yet: `undefined`). */
  readonly rowHeight: (row: R | undefined) => number;
  readonly rowKey: (row: R | undefined, index: number) => string | number;
  /** The total row's cell under the fixed columns. */
  readonly summaryLabel?: ReactNode;
  /** The grid's greatest height (CSS): fewer rows take less. */
  readonly height: string;
  /** The rows drawn changed: load the parts they need (first and last index, inclusive). */
  readonly onRowsInView?: (first: number, last: number) => void;
  readonly placeholder?: ReactNode;
  readonly testId?: string;
}

const HEAD_TOP = 76;
const HEAD_SUB = 30;
const SUMMARY = 40;
/** Rows and groups drawn beyond the view on each side (a quick scroll shows no blank). */
const OVERSCAN_ROWS = 6;
const OVERSCAN_GROUPS = 1;
const BORDER = '1px solid #f0f0f0';
const HEAD_BACKGROUND = '#fafafa';

const cellBox = (width: number, align: CrossColumn<unknown>['align']): CSSProperties => ({
  width,
  boxSizing: 'border-box',
  padding: '6px 8px',
  borderInlineEnd: BORDER,
  borderBottom: BORDER,
  textAlign: align ?? 'left',
  overflow: 'hidden',
});

const headBox = (width: number, height: number): CSSProperties => ({
  width,
  height,
  boxSizing: 'border-box',
  padding: '4px 8px',
  borderInlineEnd: BORDER,
  borderBottom: BORDER,
  background: HEAD_BACKGROUND,
  fontWeight: 600,
  display: 'flex',
  alignItems: 'center',
  overflow: 'hidden',
});

/** The first index whose start is after `y` minus one: the row that holds `y`. */
function rowAtY(starts: readonly number[], y: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= y) low = middle;
    else high = middle - 1;
  }
  return low;
}

export function CrossGrid<R>(props: CrossGridProps<R>) {
  const { fixed, groups, rowCount, rowAt, rowHeight, rowKey } = props;
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, left: 0, width: 1200, height: 600 });
  const frame = useRef(0);

  const fixedWidth = fixed.reduce((sum, column) => sum + column.width, 0);
  const groupLefts = useMemo(() => {
    const lefts: number[] = [];
    let x = fixedWidth;
    for (const group of groups) {
      lefts.push(x);
      x += group.columns.reduce((sum, column) => sum + column.width, 0);
    }
    lefts.push(x);
    return lefts;
  }, [groups, fixedWidth]);
  const totalWidth = groupLefts[groupLefts.length - 1]!;

  // Row starts from the heights (loaded rows may be taller than the placeholder).
  const starts = useMemo(() => {
    const out = new Array<number>(rowCount + 1);
    out[0] = 0;
    for (let at = 0; at < rowCount; at++) out[at + 1] = out[at]! + rowHeight(rowAt(at));
    return out;
  }, [rowCount, rowAt, rowHeight]);
  const bodyHeight = starts[rowCount] ?? 0;

  const measure = useCallback(() => {
    const element = box.current;
    if (!element) return;
    setView({
      top: element.scrollTop,
      left: element.scrollLeft,
      width: element.clientWidth,
      height: element.clientHeight,
    });
  }, []);
  useEffect(() => {
    measure();
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // What is in view: rows under the header, groups right of the fixed columns.
  const bodyTop = Math.max(0, view.top);
  const bodyBottom = view.top + Math.max(0, view.height - HEAD_TOP - HEAD_SUB - SUMMARY);
  const firstRow = rowCount ? Math.max(0, rowAtY(starts, bodyTop) - OVERSCAN_ROWS) : 0;
  const lastRow = rowCount ? Math.min(rowCount - 1, rowAtY(starts, bodyBottom) + OVERSCAN_ROWS) : -1;
  const lastGroupIndex = groups.length - 1;
  const groupAtX = (x: number) => Math.max(0, rowAtY(groupLefts.slice(0, -1), x));
  const firstGroup = Math.max(0, groupAtX(view.left + fixedWidth) - OVERSCAN_GROUPS);
  const lastGroup = Math.min(lastGroupIndex, groupAtX(view.left + view.width) + OVERSCAN_GROUPS);
  const shownGroups: number[] = [];
  for (let at = firstGroup; at <= lastGroup; at++) shownGroups.push(at);

  const { onRowsInView } = props;
  useEffect(() => {
    if (lastRow >= firstRow) onRowsInView?.(firstRow, lastRow);
  }, [firstRow, lastRow, onRowsInView]);

  const fixedCells = (render: (column: CrossColumn<R>) => ReactNode, style?: CSSProperties) => (
    <div style={{ position: 'sticky', left: 0, zIndex: 1, display: 'flex', width: fixedWidth, ...style }}>
      {fixed.map((column) => render(column))}
    </div>
  );

  const rows: ReactNode[] = [];
  for (let at = firstRow; at <= lastRow; at++) {
    const row = rowAt(at);
    const height = starts[at + 1]! - starts[at]!;
    rows.push(
      <div
        key={rowKey(row, at)}
        className="srm-cross-row"
        data-row-index={at}
        data-loaded={row ? 'Y' : 'N'}
        style={{ position: 'absolute', top: starts[at], left: 0, width: totalWidth, height, display: 'flex' }}
      >
        {fixedCells(
          (column) => (
            <div
              key={column.key}
              className="srm-cross-cell"
              style={{ ...cellBox(column.width, column.align), height, background: '#fff' }}
            >
              {row ? column.render(row, at) : column === fixed[0] ? props.placeholder : null}
            </div>
          ),
          { height },
        )}
        {row &&
          shownGroups.map((index) => {
            const group = groups[index]!;
            let x = groupLefts[index]!;
            return group.columns.map((column) => {
              const left = x;
              x += column.width;
              return (
                <div
                  key={`${group.key}:${column.key}`}
                  className="srm-cross-cell"
                  style={{
                    ...cellBox(column.width, column.align),
                    position: 'absolute',
                    left,
                    top: 0,
                    height,
                    ...column.cellStyle?.(row),
                  }}
                >
                  {column.render(row, at)}
                </div>
              );
            });
          })}
      </div>,
    );
  }

  return (
    <div
      ref={box}
      tabIndex={0}
      data-testid={props.testId}
      onScroll={onScroll}
      style={{
        // As tall as its rows, at most `height`.
        height: `min(${HEAD_TOP + HEAD_SUB + bodyHeight + SUMMARY + 2}px, ${props.height})`,
        overflow: 'auto',
        position: 'relative',
        border: BORDER,
        borderRadius: 6,
        outline: 'none',
        fontSize: 14,
      }}
    >
      <div style={{ width: totalWidth, position: 'relative' }}>
        {/* The header: fixed columns spanning both rows, each group's title over its columns. */}
        <div
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 3,
            height: HEAD_TOP + HEAD_SUB,
            width: totalWidth,
            display: 'flex',
          }}
        >
          {fixedCells(
            (column) => (
              <div
                key={column.key}
                style={{ ...headBox(column.width, HEAD_TOP + HEAD_SUB), justifyContent: 'center' }}
              >
                {column.title}
              </div>
            ),
            { zIndex: 4 },
          )}
          {shownGroups.map((index) => {
            const group = groups[index]!;
            const left = groupLefts[index]!;
            const width = groupLefts[index + 1]! - left;
            let x = left;
            return (
              <div key={group.key}>
                <div style={{ ...headBox(width, HEAD_TOP), position: 'absolute', left, top: 0 }}>
                  {group.title}
                </div>
                {group.columns.map((column) => {
                  const at = x;
                  x += column.width;
                  return (
                    <div
                      key={column.key}
                      title={typeof column.title === 'string' ? column.title : undefined}
                      style={{
                        ...headBox(column.width, HEAD_SUB),
                        position: 'absolute',
                        left: at,
                        top: HEAD_TOP,
                        justifyContent: 'center',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {column.title}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
        <div style={{ position: 'relative', height: bodyHeight }}>{rows}</div>
        {/* The total row, fixed at the bottom. */}
        <div
          className="srm-cross-summary"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            height: SUMMARY,
            width: totalWidth,
            display: 'flex',
            background: HEAD_BACKGROUND,
            fontWeight: 600,
          }}
        >
          <div
            style={{
              ...cellBox(fixedWidth, 'right'),
              position: 'sticky',
              left: 0,
              zIndex: 1,
              height: SUMMARY,
              background: HEAD_BACKGROUND,
            }}
          >
            {props.summaryLabel}
          </div>
          {shownGroups.map((index) => {
            const group = groups[index]!;
            const left = groupLefts[index]!;
            const cell = (key: string, at: number, width: number, content: ReactNode) => (
              <div
                key={key}
                style={{
                  ...cellBox(width, 'right'),
                  position: 'absolute',
                  left: at,
                  top: 0,
                  height: SUMMARY,
                }}
              >
                {content}
              </div>
            );
            if (group.summary !== undefined)
              return cell(group.key, left, groupLefts[index + 1]! - left, group.summary);
            let x = left;
            return group.columns.map((column) => {
              const at = x;
              x += column.width;
              return cell(`${group.key}:${column.key}`, at, column.width, column.summary);
            });
          })}
        </div>
      </div>
    </div>
  );
}
