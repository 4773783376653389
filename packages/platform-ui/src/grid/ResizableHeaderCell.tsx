// A header cell with a drag handle on its right edge: dragging changes the column's width.
import { type MouseEvent as ReactMouseEvent, type ThHTMLAttributes, useRef } from 'react';

export interface ResizableHeaderCellProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** Set on resizable columns only. */
  onResizeWidth?: (width: number, done: boolean) => void;
  resizeWidth?: number;
  minResizeWidth?: number;
}

export function ResizableHeaderCell({
  onResizeWidth,
  resizeWidth,
  minResizeWidth = 40,
  children,
  style,
  ...rest
}: ResizableHeaderCellProps) {
  const start = useRef<{ x: number; width: number } | null>(null);
  if (!onResizeWidth) {
    return (
      <th style={style} {...rest}>
        {children}
      </th>
    );
  }
  const begin = (event: ReactMouseEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const cell = (event.currentTarget.parentElement as HTMLElement | null)?.getBoundingClientRect();
    start.current = { x: event.clientX, width: resizeWidth ?? cell?.width ?? 100 };
    const widthAt = (x: number) =>
      Math.max(minResizeWidth, Math.round(start.current!.width + x - start.current!.x));
    const moveTo = (move: MouseEvent) => onResizeWidth(widthAt(move.clientX), false);
    const end = (up: MouseEvent) => {
      window.removeEventListener('mousemove', moveTo);
      window.removeEventListener('mouseup', end);
      document.body.style.cursor = '';
      onResizeWidth(widthAt(up.clientX), true);
      start.current = null;
    };
    document.body.style.cursor = 'col-resize';
    window.addEventListener('mousemove', moveTo);
    window.addEventListener('mouseup', end);
  };
  return (
    // antd's header cells are positioned (relative, or sticky when fixed): the handle needs no more.
    <th style={style} {...rest}>
      {children}
      <span
        className="srm-grid-resize"
        role="separator"
        aria-orientation="vertical"
        onMouseDown={begin}
        onClick={(event) => event.stopPropagation()}
        style={{
          position: 'absolute',
          top: 0,
          right: -4,
          bottom: 0,
          width: 8,
          cursor: 'col-resize',
          zIndex: 3,
        }}
      />
    </th>
  );
}
