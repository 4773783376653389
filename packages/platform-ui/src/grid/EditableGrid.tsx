// The editable grid of the toolkit (shell-and-toolkit §2–§5, §9): a toolbar, row selection (also
// across pages), expandable rows, the index column, sortable and resizable columns, the 合计 row,
// paging with the spec's sizes and a custom size, required columns with a red star and hidden
// cell messages, every cell type, virtual scrolling above 100 rows or 10 columns, fixed columns,
// and the user's saved column settings. Rows come from an api (a service path or a loader) or
// from local data.
import {
  type HTMLAttributes,
  type Key,
  type ReactElement,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  memo,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  ConfigProvider,
  InputNumber,
  Pagination,
  Space,
  Table,
  type TableRef,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import {
  COLUMN_WIDTHS,
  DEFAULT_PAGE_SIZE,
  type EntityDef,
  MAX_PAGE_ROWS,
  MIN_CUSTOM_PAGE_SIZE,
  isNumeric,
  rowNumber,
} from '@srm/kernel';
import { ApiFailure, request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { useGranted } from '../context/session';
import { CellEditor, CellView, GridCellContext, type GridCellEnv, isEditableCell } from './cells';
import { ColumnSettings } from './ColumnSettings';
import { applyColumnConfig, defaultColumnConfig } from './columnConfig';
import {
  type CellIssue,
  checkRows,
  configErrors,
  customPageSize,
  footerCells,
  type FooterTotals,
  footerTotals,
  leafColumns,
  mergePageSelection,
  pageSizeOptions,
  rowSpans,
  selectionKey,
  shouldVirtualize,
  sortRows,
} from './gridLogic';
import { ResizableHeaderCell } from './ResizableHeaderCell';
import { titleWidth } from './titleWidth';
import type {
  CellContext,
  FooterConfig,
  GridColumn,
  GridConfig,
  GridRow,
  PageInfo,
  PageRequest,
  PagedResponse,
  UploadCellProps,
} from './types';
import { useColumnConfig } from './useColumnConfig';
import { useRefreshOnReturn } from '../screens/freshness';
import { AttachmentCell } from '../attachments/AttachmentCell';

const renderAttachmentCell = (props: UploadCellProps) => <AttachmentCell {...props} />;

export interface GridHandle<R extends GridRow = GridRow> {
  /** Loads again; `firstPage` goes back to page 1 (and clears a cross-page selection). */
  reload(firstPage?: boolean): void;
  /** Checks the editable cells; problems show as red cells with their message on hover. */
  validate(): CellIssue[];
  /** The selected rows (across pages for a paged grid). */
  selection(): R[];
  clearSelection(): void;
  /** The rows of the current page. */
  rows(): R[];
  /** What the user sees: the shown leaf columns in order (the saved column settings) and the sort. */
  view(): GridView;
  /**
   * Brings a row into view (its page, the grid's own scroll for a virtual grid, the page's scroll)
   * and marks it current; with a column, a click-to-edit grid also opens that cell's input.
   */
  scrollToRow(key: Key, column?: string): void;
}

/** The user's view of a grid (for an export that follows it). */
export interface GridView {
  /** Shown leaf columns in their order, with their widths in pixels. */
  readonly columns: readonly { key: string; width: number }[];
  /** `key asc|desc` when the user sorted a column. */
  readonly orderBy?: string;
}

export interface EditableGridProps<R extends GridRow = GridRow> extends GridConfig<R> {
  /** Local rows (instead of an api). */
  data?: readonly R[];
  /** Edited local rows; without it the grid keeps its own copy. */
  onDataChange?(rows: R[]): void;
  /** Field (or function) identifying a row; default the first key field, else `id`. */
  rowKey?: string | ((row: R) => Key);
  /** 'always': every editable cell shows its input; 'click': a cell becomes an input when clicked. */
  editTrigger?: 'always' | 'click';
  /** Query-key prefix of an api grid (for invalidation after writes). */
  queryKey?: readonly unknown[];
  /** After each load: the rows and page, or null when the load failed (§4). */
  onLoaded?(rows: R[] | null, page?: PageInfo): void;
  onSelectionChange?(rows: R[]): void;
  /**
   * The widget of `upload` cells; by default the toolkit's attachment widget in a modal
   * (AttachmentCell). It gets the row, the column, the ids, onChange, the column's
   * attachmentConfig and whether the grid edits.
   */
  renderUpload?(props: UploadCellProps<R>): ReactNode;
  /** Wraps each editor (a Form.Item of a document form); the editor takes the value it is given. */
  wrapEditor?(editor: ReactElement, context: CellContext<R>): ReactNode;
  /** Content beside the toolbar buttons. */
  toolbarExtra?: ReactNode;
  /** Title at the left of the toolbar. */
  title?: ReactNode;
  /** The column-settings button (default: shown). */
  columnSettings?: boolean;
  /** Largest custom page size (an api's limit; default 500 for an api, none for local data). */
  maxPageSize?: number;
  /** Forces virtual scrolling on or off (default: above 100 rows or 10 columns). */
  virtual?: boolean;
  empty?: ReactNode;
  /** Rows per page when the config gives none (the paged grid: 200). */
  defaultPageSize?: number;
  initialOrderBy?: string;
  /** Entity definitions the screen holds, for reference inputs of entity columns. */
  knownEntities?: readonly EntityDef[];
  /**
   * Problems found outside the grid (a document's save), by `rowKey|columnKey`: shown like the
   * grid's own checks, a red frame with the message on hover, on rows in view or scrolled to.
   */
  cellIssues?: ReadonlyMap<string, string>;
  ref?: Ref<GridHandle<R>>;
}

const NO_KEYS: Key[] = [];
const PREFIX_SELECTION = '__selection';
const INDEX_KEY = '__index';
const OPERATE_KEY = '__operate';
const DEFAULT_HEIGHT = 560;

function defaultWidth<R extends GridRow>(column: GridColumn<R>): number {
  switch (column.cellType ?? (column.field ? column.field.kind : 'text')) {
    case 'textarea':
      return 220;
    case 'number':
      return 100;
    case 'price':
    case 'amount':
    case 'quantity':
      return 130;
    case 'datetime':
      return 170;
    case 'daterange':
    case 'datetimerange':
      return 230;
    case 'date':
    case 'month':
    case 'year':
    case 'time':
      return 120;
    case 'checkbox':
    case 'icon':
      return 80;
    case 'type':
      return column.type === 'radio' ? COLUMN_WIDTHS.checkbox + 10 : COLUMN_WIDTHS.index;
    case 'upload':
      return 180;
    case 'tableOperate':
    case 'buttons':
      return Math.max(COLUMN_WIDTHS.operate, (column.buttons?.length ?? 1) * 48 + 16);
    default:
      return 140;
  }
}

function defaultAlign<R extends GridRow>(column: GridColumn<R>): 'left' | 'center' | 'right' {
  const type = column.cellType;
  if (type === 'number' || type === 'price' || type === 'amount') return 'right';
  if (type === 'compute' && typeof column.precision === 'number') return 'right';
  if (!type && column.field && isNumeric(column.field)) return 'right';
  if (type === 'checkbox' || type === 'icon' || type === 'button' || type === 'type') return 'center';
  if (!type && column.field?.kind === 'checkbox') return 'center';
  return 'left';
}

function plainTitle<R extends GridRow>(column: GridColumn<R>): string {
  return column.label ?? (typeof column.title === 'string' ? column.title : column.key);
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

// Cell messages stay hidden (§5): a form cell shows its message only while hovered.
const GRID_CSS = `
.srm-grid-form-item .ant-form-item-explain, .srm-grid-form-item .ant-form-item-additional { display: none; }
.srm-grid-form-item:hover .ant-form-item-additional, .srm-grid-form-item:hover .ant-form-item-explain {
  display: block; position: absolute; z-index: 5; left: 0; top: 100%; padding: 2px 8px; white-space: nowrap;
  background: #fff; border-radius: 4px; box-shadow: 0 3px 6px -4px rgba(0,0,0,.12), 0 6px 16px rgba(0,0,0,.08);
}
.srm-grid .srm-grid-current > td, .srm-grid .srm-grid-current > .ant-table-cell { background: #e6f4ff; }
.srm-grid .ant-table-thead > tr > th { white-space: nowrap; }
`;

/**
 * The input of a cell opened by a click or by focus (Tab): focused once shown, whatever the
 * field's input (not every one takes autoFocus); Enter or Escape closes it.
 */
function ClickedEditor({ children, onClose }: { children: ReactNode; onClose(): void }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = box.current;
    if (!root || root.contains(document.activeElement)) return;
    root
      .querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), [tabindex="0"]')
      ?.focus();
  }, []);
  return (
    <div
      ref={box}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === 'Escape') onClose();
      }}
    >
      {children}
    </div>
  );
}

interface CellHandlers {
  writeRow(row: GridRow, next: GridRow): void;
  clearIssue(issueKey: string): void;
  /** The cell whose editor is open (click-to-edit grids), or none. */
  activate(cell: { row: Key; column: string } | null): void;
}

interface GridCellProps {
  column: GridColumn;
  row: GridRow;
  rowKey: Key;
  index: number;
  issue: string | undefined;
  editable: boolean;
  editing: boolean;
  clickToEdit: boolean;
  wrapEditor: ((editor: ReactElement, context: CellContext) => ReactNode) | undefined;
  handlers: { current: CellHandlers };
}

/** One cell, drawn again only when its row, column, state or problem changes. */
const GridCell = memo(function GridCell(props: GridCellProps): ReactNode {
  const { column, row, rowKey, index, issue, editable, editing, clickToEdit, wrapEditor, handlers } = props;
  const value = column.compute && column.cellType === 'compute' ? column.compute(row) : row[column.key];
  const context: CellContext = {
    row,
    index,
    column,
    value,
    editing: false,
    issue,
    setValue: (next) => {
      if (issue) handlers.current.clearIssue(`${String(rowKey)}|${column.key}`);
      handlers.current.writeRow(row, { ...row, [column.key]: next });
    },
    patch: (values) => handlers.current.writeRow(row, { ...row, ...values }),
  };
  let content: ReactNode;
  if (editing) {
    const editorContext = { ...context, editing: true, autoFocus: clickToEdit };
    const editor = <CellEditor context={editorContext} />;
    content = wrapEditor ? wrapEditor(editor, editorContext) : editor;
    if (clickToEdit) {
      content = <ClickedEditor onClose={() => handlers.current.activate(null)}>{content}</ClickedEditor>;
    }
  } else {
    content = <CellView context={context} />;
    if (editable) {
      content = (
        <div
          className="srm-grid-editable"
          style={{ minHeight: 22, cursor: 'text' }}
          tabIndex={0}
          onClick={() => handlers.current.activate({ row: rowKey, column: column.key })}
          onFocus={() => handlers.current.activate({ row: rowKey, column: column.key })}
        >
          {content}
        </div>
      );
    }
  }
  // An input keeps its place in the tree whether its cell is framed or not: the first key typed
  // into a framed cell settles the problem, and a new wrapper would remount the input, losing
  // its focus and the rest of what was typed (0.12 arrived as 0).
  if (!issue && !editing) return content;
  // The message stays hidden (§5): a red frame, the text on hover.
  return (
    <Tooltip title={issue}>
      <div
        className={issue ? 'srm-grid-cell-error' : undefined}
        data-issue={issue}
        style={issue ? { boxShadow: 'inset 0 0 0 1px #ff4d4f', borderRadius: 4, minHeight: 22 } : undefined}
      >
        {content}
      </div>
    </Tooltip>
  );
});

export function EditableGrid<R extends GridRow = GridRow>(props: EditableGridProps<R>) {
  const {
    name,
    columns: configColumns,
    api,
    data,
    searchParams,
    isShowPage = true,
    showIndex = true,
    selection = false,
    expand,
    showSummary,
    footerConfig,
    pageSelection,
    rowSpanFields,
    operateSlot,
    toolbar,
    isEdit = false,
    editTrigger = 'always',
    ref,
  } = props;
  const labels = useLabels();
  const client = useApi();
  const may = useGranted();
  const { message } = App.useApp();
  const hasLocal = data !== undefined;
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState(props.pageSize ?? props.defaultPageSize ?? DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<{ key: string; order: 'asc' | 'desc' } | null>(() => {
    const [key, order] = (props.initialOrderBy ?? '').split(' ');
    return key ? { key, order: order === 'desc' ? 'desc' : 'asc' } : null;
  });
  const [selected, setSelected] = useState<Map<string, R>>(() => new Map());
  const [currentKey, setCurrentKey] = useState<unknown>(undefined);
  const [active, setActive] = useState<{ row: unknown; column: string } | null>(null);
  const [issues, setIssues] = useState<Map<string, string>>(() => new Map());
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [customSize, setCustomSize] = useState<number | null>(null);
  const [ownRows, setOwnRows] = useState<R[] | null>(null);
  const [reloads, setReloads] = useState(0);
  const [scrollTarget, setScrollTarget] = useState<{ key: Key } | null>(null);
  const table = useRef<TableRef>(null);
  const autoKeys = useRef(new WeakMap<object, number>());
  const nextAutoKey = useRef(1);

  // ---- column settings (saved per user and table) ----
  const settingsOn = props.columnSettings !== false;
  const defaults = useMemo(() => defaultColumnConfig(configColumns), [configColumns]);
  const config = useColumnConfig(name, defaults, settingsOn);
  const shownColumns = useMemo(
    () => applyColumnConfig(configColumns, config.columns),
    [configColumns, config.columns],
  );
  const leaves = useMemo(() => leafColumns(shownColumns), [shownColumns]);

  // ---- rows ----
  const orderBy = sort ? `${sort.key} ${sort.order}` : undefined;
  const searchKey = JSON.stringify(searchParams ?? {});
  // A list that pages by key (logs) answers each full page's last key: the page after it is
  // asked for after that row, through the index; a page jumped to goes by its number.
  const pageKeys = useRef(new Map<string, number>());
  const pageKeyOf = (index: number) => JSON.stringify([searchKey, pageSize, orderBy ?? '', index]);
  const query = useQuery({
    queryKey: [
      ...(props.queryKey ?? ['grid', name]),
      { search: searchKey, pageIndex, pageSize, orderBy, reloads },
    ],
    queryFn: async (): Promise<PagedResponse<R>> => {
      const afterKey = pageKeys.current.get(pageKeyOf(pageIndex));
      const body: PageRequest = {
        ...(searchParams ?? {}),
        pageIndex,
        pageRows: pageSize,
        ...(orderBy ? { orderBy } : {}),
        ...(afterKey === undefined ? {} : { afterKey }),
      };
      const answer =
        typeof api === 'function'
          ? await api(body)
          : await request<R[]>(client, api as string, body).then((got) => ({
              data: got.data,
              page: got.page,
            }));
      const nextKey = answer.page?.nextKey;
      if (nextKey !== undefined) pageKeys.current.set(pageKeyOf(pageIndex + 1), nextKey);
      return answer;
    },
    enabled: !hasLocal && !!api,
    placeholderData: keepPreviousData,
    retry: false,
  });
  // Rows edited in place (ownRows) are not thrown away by a refresh.
  useRefreshOnReturn(
    () => void query.refetch(),
    () => query.dataUpdatedAt,
    hasLocal || !api || ownRows !== null,
  );

  // A new search is a first-page reload: back to page 1, the cross-page selection cleared (§4).
  const firstSearch = useRef(true);
  useEffect(() => {
    if (firstSearch.current) {
      firstSearch.current = false;
      return;
    }
    setPageIndex(1);
    setSelected(new Map());
  }, [searchKey]);

  const { onLoaded } = props;
  useEffect(() => {
    if (hasLocal) return;
    if (query.isError) {
      setSelected(new Map());
      onLoaded?.(null);
    } else if (query.data && !query.isPlaceholderData) {
      onLoaded?.([...query.data.data], query.data.page);
    }
  }, [hasLocal, query.isError, query.data, query.isPlaceholderData, onLoaded]);

  useEffect(() => setOwnRows(null), [data, query.data]);

  const sourceRows: readonly R[] = useMemo(() => {
    if (hasLocal) {
      const base = ownRows ?? data ?? [];
      return sort ? sortRows(base, sort.key, sort.order, labels.locale) : base;
    }
    return ownRows ?? query.data?.data ?? [];
  }, [hasLocal, ownRows, data, query.data, sort, labels.locale]);
  const total = hasLocal ? sourceRows.length : (query.data?.page?.count ?? sourceRows.length);
  const pageRows: readonly R[] = useMemo(
    () =>
      hasLocal && isShowPage
        ? sourceRows.slice((pageIndex - 1) * pageSize, pageIndex * pageSize)
        : sourceRows,
    [hasLocal, isShowPage, sourceRows, pageIndex, pageSize],
  );

  const rowKeyField = typeof props.rowKey === 'string' ? props.rowKey : (pageSelection?.keyFields[0] ?? 'id');
  const rowKeyOf = useCallback(
    (row: R): Key => {
      if (typeof props.rowKey === 'function') return props.rowKey(row);
      const value = row[rowKeyField];
      if (typeof value === 'string' || typeof value === 'number') return value;
      let key = autoKeys.current.get(row);
      if (key === undefined) {
        key = nextAutoKey.current++;
        autoKeys.current.set(row, key);
      }
      return `__auto${key}`;
    },
    [props.rowKey, rowKeyField],
  );
  const selectionKeyOf = useCallback(
    (row: R) => (pageSelection ? selectionKey(row, pageSelection.keyFields) : String(rowKeyOf(row))),
    [pageSelection, rowKeyOf],
  );

  // ---- edits ----
  const { onDataChange } = props;
  const writeRow = useCallback(
    (row: R, next: R) => {
      const auto = autoKeys.current.get(row);
      if (auto !== undefined) autoKeys.current.set(next, auto);
      const base = hasLocal ? (ownRows ?? data ?? []) : (ownRows ?? query.data?.data ?? []);
      const at = base.indexOf(row);
      if (at < 0) return;
      const rows = [...base];
      rows[at] = next;
      if (hasLocal && onDataChange) onDataChange(rows);
      else setOwnRows(rows);
    },
    [hasLocal, ownRows, data, query.data, onDataChange],
  );

  // ---- selection ----
  const { onSelectionChange } = props;
  const changeSelection = useCallback(
    (next: Map<string, R>) => {
      setSelected(next);
      onSelectionChange?.([...next.values()]);
    },
    [onSelectionChange],
  );
  const clearSelection = useCallback(() => changeSelection(new Map()), [changeSelection]);

  const goTo = (page: number, size: number) => {
    if (size !== pageSize) {
      // A new page size starts again at page 1 without the cross-page selection (§4).
      setPageSize(size);
      setPageIndex(1);
      clearSelection();
    } else {
      setPageIndex(page);
      if (!pageSelection) clearSelection();
    }
    setActive(null);
  };

  const validate = useCallback((): CellIssue[] => {
    const editableColumns = leafColumns(configColumns).filter((column) => column.isShow !== false);
    const found = checkRows(editableColumns, sourceRows);
    const next = new Map<string, string>();
    for (const issue of found) {
      const row = sourceRows[issue.index]!;
      next.set(`${String(rowKeyOf(row))}|${issue.key}`, labels.t(issue.message, issue.params));
    }
    setIssues(next);
    return found;
  }, [configColumns, sourceRows, rowKeyOf, labels]);

  // ---- cells ----
  const env: GridCellEnv = useMemo(
    () => ({
      may,
      // The attachment widget unless the screen brings its own.
      renderUpload: (props.renderUpload ?? renderAttachmentCell) as GridCellEnv['renderUpload'],
      currentKey,
      selectCurrent: (row) => setCurrentKey(rowKeyOf(row as R)),
      rowKeyOf: (row) => rowKeyOf(row as R),
      rowNumber: (index) => rowNumber(isShowPage ? pageIndex : 1, pageSize, index),
      known: props.knownEntities,
    }),
    [may, props.renderUpload, currentKey, rowKeyOf, isShowPage, pageIndex, pageSize, props.knownEntities],
  );

  const spans = useMemo(
    () => (rowSpanFields?.length ? rowSpans(pageRows, rowSpanFields) : {}),
    [pageRows, rowSpanFields],
  );

  const { wrapEditor, cellIssues } = props;
  // The handlers a cell calls, read when called: a cell whose row did not change is not drawn
  // again (a key typed on a 12-line order drew every input of every line: ~200 ms a key).
  const cellHandlers = useRef<CellHandlers>(null as unknown as CellHandlers);
  cellHandlers.current = {
    writeRow: writeRow as CellHandlers['writeRow'],
    clearIssue: (issueKey) =>
      setIssues((current) => {
        if (!current.has(issueKey)) return current;
        const copy = new Map(current);
        copy.delete(issueKey);
        return copy;
      }),
    activate: setActive,
  };
  const renderCell = (column: GridColumn<R>, row: R, index: number): ReactNode => {
    const key = rowKeyOf(row);
    const issue =
      issues.get(`${String(key)}|${column.key}`) ?? cellIssues?.get(`${String(key)}|${column.key}`);
    const editable = isEdit && isEditableCell(column as GridColumn, row);
    const clicked = !!active && active.row === key && active.column === column.key;
    return (
      <GridCell
        column={column as GridColumn}
        row={row}
        rowKey={key}
        index={index}
        issue={issue}
        editable={editable}
        editing={editable && (editTrigger === 'always' || clicked)}
        clickToEdit={editTrigger === 'click'}
        wrapEditor={wrapEditor as GridCellProps['wrapEditor']}
        handlers={cellHandlers}
      />
    );
  };

  const header = (column: GridColumn<R>): ReactNode =>
    column.validate?.required && isEdit ? (
      <>
        <span className="srm-grid-required" style={{ color: '#ff4d4f', marginRight: 4 }}>
          *
        </span>
        {column.title}
      </>
    ) : (
      column.title
    );

  // A user's drag wins; else the column's width, never narrower than its title needs.
  const widthOf = (column: GridColumn<R>): number => {
    const dragged = widths[column.key];
    if (dragged) return dragged;
    const base = column.width ?? defaultWidth(column);
    const title = typeof column.title === 'string' ? column.title : column.label;
    if (!title) return base;
    return Math.max(
      base,
      titleWidth(title, { sortable: column.sortable, required: isEdit && column.validate?.required }),
    );
  };

  // A row to bring into view once its page is rendered (a new object for every request, so the
  // same row can be asked for again after the user scrolled away).
  useEffect(() => {
    if (!scrollTarget || !table.current) return;
    table.current.scrollTo({ key: scrollTarget.key, align: virtual ? 'start' : 'center' });
    table.current.nativeElement.scrollIntoView({ block: 'nearest' });
    // Only a new target scrolls (the user's own scrolling is left alone).
  }, [scrollTarget]);
  const scrollToRow = useCallback(
    (key: Key, column?: string) => {
      if (hasLocal && isShowPage) {
        const at = sourceRows.findIndex((row) => rowKeyOf(row) === key);
        if (at >= 0) setPageIndex(Math.floor(at / pageSize) + 1);
      }
      setCurrentKey(key);
      if (column && isEdit && editTrigger === 'click') setActive({ row: key, column });
      setScrollTarget({ key });
    },
    [hasLocal, isShowPage, sourceRows, rowKeyOf, pageSize, isEdit, editTrigger],
  );

  const viewKey = JSON.stringify([leaves.map((column) => [column.key, widthOf(column)]), orderBy]);
  const view = useMemo<GridView>(() => {
    const [columns, order] = JSON.parse(viewKey) as [[string, number][], string | null];
    return { columns: columns.map(([key, width]) => ({ key, width })), ...(order ? { orderBy: order } : {}) };
  }, [viewKey]);
  useImperativeHandle(
    ref,
    () => ({
      reload: (firstPage) => {
        if (firstPage) {
          setPageIndex(1);
          clearSelection();
        }
        setReloads((count) => count + 1);
      },
      validate,
      selection: () => [...selected.values()],
      clearSelection,
      rows: () => [...pageRows],
      view: () => view,
      scrollToRow,
    }),
    [validate, selected, clearSelection, pageRows, view, scrollToRow],
  );

  const antColumn = (
    column: GridColumn<R>,
  ): ColumnType<R> | (ColumnType<R> & { children: ColumnsType<R> }) => {
    if (column.children?.length) {
      return {
        key: column.key,
        title: column.title,
        align: 'center',
        fixed: column.fixed,
        children: column.children.filter((child) => child.isShow !== false).map(antColumn),
      };
    }
    const width = widthOf(column);
    const type = column.cellType ?? 'text';
    return {
      key: column.key,
      dataIndex: column.key,
      title: header(column),
      width,
      align: column.align ?? defaultAlign(column),
      fixed: column.fixed,
      ellipsis:
        !isEdit && (type === 'text' || type === 'textarea' || type === 'lookup' || type === 'editlookup'),
      sorter: column.sortable ? true : undefined,
      sortOrder: sort?.key === column.key ? (sort.order === 'desc' ? 'descend' : 'ascend') : null,
      onHeaderCell: () =>
        (column.resizable === false
          ? {}
          : {
              resizeWidth: width,
              minResizeWidth: column.minWidth ?? 40,
              onResizeWidth: (next: number) => setWidths((current) => ({ ...current, [column.key]: next })),
            }) as HTMLAttributes<HTMLElement>,
      onCell: (row: R, index?: number) => {
        const span = spans[column.key]?.[index ?? 0];
        return {
          ...(span !== undefined ? { rowSpan: span } : {}),
          onClick: () => setCurrentKey(rowKeyOf(row)),
        };
      },
      render: (_value: unknown, row: R, index: number) => renderCell(column, row, index),
    };
  };

  const indexColumn: ColumnType<R> = {
    key: INDEX_KEY,
    title: labels.t('ui.list.index'),
    width: COLUMN_WIDTHS.index,
    align: 'center',
    fixed: 'left',
    render: (_value, _row, index) => rowNumber(isShowPage ? pageIndex : 1, pageSize, index),
  };
  const operateColumn: ColumnType<R> | null = operateSlot
    ? {
        key: OPERATE_KEY,
        title: labels.t('ui.list.operation'),
        width: props.operateWidth ?? COLUMN_WIDTHS.operate,
        fixed: 'right',
        render: (_value, row, index) => operateSlot(row, index),
      }
    : null;
  const tableColumns: ColumnsType<R> = [
    ...(showIndex ? [indexColumn] : []),
    ...shownColumns.map(antColumn),
    ...(operateColumn ? [operateColumn] : []),
  ];
  const prefixCount = (selection ? 1 : 0) + (expand ? 1 : 0);
  const scrollX =
    (selection ? COLUMN_WIDTHS.checkbox : 0) +
    (expand ? COLUMN_WIDTHS.expand : 0) +
    (showIndex ? COLUMN_WIDTHS.index : 0) +
    leaves.reduce((totalWidth, column) => totalWidth + widthOf(column), 0) +
    (operateColumn ? (props.operateWidth ?? COLUMN_WIDTHS.operate) : 0);
  const virtual = props.virtual ?? shouldVirtualize(pageRows.length, leaves.length);
  // A virtual table draws its horizontal scroll itself and moves the header with it. Focus on a
  // cell out of view (a click, Tab) makes the browser scroll the rows' box natively instead, and
  // the header stayed where it was: that scroll is handed to the table, which moves both.
  useEffect(() => {
    const root = table.current?.nativeElement;
    if (!virtual || !root) return;
    // The virtual list moves its rows to `left` but tells the table nothing (its scrollTo sets
    // the offset without the scroll event a wheel or the scroll bar gives): the header, which the
    // table moves only on that event, is moved here to the same place.
    const scrollRowsTo = (left: number) => {
      table.current?.scrollTo({ left } as Parameters<TableRef['scrollTo']>[0]);
      const header = root.querySelector<HTMLElement>('.ant-table-header');
      if (header) header.scrollLeft = left;
    };
    const follow = (event: Event) => {
      const box = event.target;
      // The rows' holder or the box inside it (both clip what overflows, and the browser scrolls
      // whichever is nearest the focused cell).
      if (!(box instanceof HTMLElement) || !box.closest('.ant-table-tbody-virtual')) return;
      const shift = box.scrollLeft;
      if (!shift) return;
      box.scrollLeft = 0;
      const header = root.querySelector<HTMLElement>('.ant-table-header');
      scrollRowsTo((header?.scrollLeft ?? 0) + shift);
    };
    // A cell to the left of the view cannot be reached by that native scroll (the rows' box is
    // already at 0 and the table moves its rows itself): a focused cell outside the part the
    // fixed columns leave visible has the table scroll to it, either way (Tab back along a
    // line, a new line's first input after the last line was typed far to the right).
    const reveal = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      const cell = target.closest<HTMLElement>('.ant-table-tbody-virtual .ant-table-cell');
      const body = root.querySelector<HTMLElement>('.ant-table-tbody-virtual');
      if (!cell || !body || /\bant-table-cell-fix-(start|end)\b/.test(cell.className)) return;
      const row = cell.parentElement;
      const fixed = (side: 'start' | 'end') =>
        Array.from(row?.querySelectorAll<HTMLElement>(`:scope > .ant-table-cell-fix-${side}`) ?? []).reduce(
          (width, fixedCell) => width + fixedCell.getBoundingClientRect().width,
          0,
        );
      const view = body.getBoundingClientRect();
      const from = view.left + fixed('start');
      const to = view.right - fixed('end');
      const box = cell.getBoundingClientRect();
      const shift =
        box.left < from ? box.left - from : box.right > to ? Math.min(box.right - to, box.left - from) : 0;
      if (!shift) return;
      const header = root.querySelector<HTMLElement>('.ant-table-header');
      scrollRowsTo(Math.max(0, (header?.scrollLeft ?? 0) + shift));
    };
    root.addEventListener('scroll', follow, true);
    root.addEventListener('focusin', reveal);
    return () => {
      root.removeEventListener('scroll', follow, true);
      root.removeEventListener('focusin', reveal);
    };
  }, [virtual]);

  // ---- summary row ----
  // Keyed by the config's content: a screen writing footerConfig inline must not make every
  // render sum 100,000 rows again. An edit changes a row or two: the totals then follow from the
  // last ones (old values out, new values in) rather than from every row.
  const footerKey = JSON.stringify(footerConfig ?? null);
  const lastFooter = useRef<FooterTotals<R> | null>(null);
  const footer = useMemo(() => {
    if (!showSummary) return null;
    const config = JSON.parse(footerKey) as FooterConfig | null;
    lastFooter.current = footerTotals(lastFooter.current, shownColumns, pageRows, config ?? undefined);
    return lastFooter.current.values;
  }, [showSummary, shownColumns, pageRows, footerKey]);
  const summary = () => {
    if (!footer) return null;
    const keys: string[] = [
      ...(selection ? [PREFIX_SELECTION] : []),
      ...(expand ? ['__expand'] : []),
      ...(showIndex ? [INDEX_KEY] : []),
      ...leaves.map((column) => column.key),
      ...(operateColumn ? [OPERATE_KEY] : []),
    ];
    const cells = footerCells(keys.length, footerConfig?.mergeFooterItems);
    const titleAt = prefixCount;
    return (
      <Table.Summary fixed>
        <Table.Summary.Row className="srm-grid-summary" style={{ fontWeight: 600, background: '#fafafa' }}>
          {keys.map((key, index) => {
            const cell = cells[index]!;
            if (cell.hidden) return null;
            const column = leaves.find((item) => item.key === key);
            const content =
              index === titleAt
                ? (footerConfig?.title ?? labels.t('ui.list.summary'))
                : (footer[key] ?? null);
            return (
              <Table.Summary.Cell
                key={key}
                index={index}
                colSpan={cell.colSpan}
                rowSpan={cell.rowSpan}
                align={
                  index === titleAt ? 'center' : (column?.align ?? (column ? defaultAlign(column) : 'left'))
                }
              >
                {content}
              </Table.Summary.Cell>
            );
          })}
        </Table.Summary.Row>
      </Table.Summary>
    );
  };

  // ---- developer errors (§5, §8) ----
  const errors = useMemo(
    () => configErrors({ api, columns: configColumns }, hasLocal),
    [api, configColumns, hasLocal],
  );
  useEffect(() => {
    for (const error of errors)
      console.error(error.column ? `${error.message} (${error.column})` : error.message);
  }, [errors]);

  // Keys of the page's selected rows: nothing to look for (and no pass over 100,000 rows) when
  // nothing is selected.
  const selectedOnPage = useMemo(
    () =>
      selected.size ? pageRows.filter((row) => selected.has(selectionKeyOf(row))).map(rowKeyOf) : NO_KEYS,
    [selected, pageRows, selectionKeyOf, rowKeyOf],
  );
  const selectedCount = selected.size;
  const titles = useMemo(
    () => Object.fromEntries(configColumns.map((column) => [column.key, plainTitle(column)])),
    [configColumns],
  );

  const visibleToolbar = (toolbar ?? []).filter((button) => !button.resourceCode || may(button.resourceCode));
  const selectedRows = [...selected.values()];
  const applyCustomSize = () => {
    const parsed = customPageSize(customSize, props.maxPageSize ?? (hasLocal ? undefined : MAX_PAGE_ROWS));
    if (!parsed.ok) {
      void message.error(labels.t(parsed.messageKey));
      return;
    }
    goTo(1, parsed.size);
  };

  return (
    <GridCellContext.Provider value={env as GridCellEnv}>
      <div className="srm-grid" data-grid={name}>
        <style>{GRID_CSS}</style>
        {(visibleToolbar.length > 0 ||
          props.toolbarExtra ||
          props.title ||
          settingsOn ||
          selectedCount > 0) && (
          <div
            className="srm-grid-toolbar"
            style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8, flexWrap: 'wrap' }}
          >
            {props.title && <Typography.Text strong>{props.title}</Typography.Text>}
            {visibleToolbar.map((button) => (
              <Button
                key={button.key}
                type={button.primary ? 'primary' : 'default'}
                danger={button.danger}
                icon={button.icon}
                loading={button.loading}
                disabled={button.needsSelection && !selectedCount}
                onClick={() => button.onClick(selectedRows)}
              >
                {button.label}
              </Button>
            ))}
            {props.toolbarExtra}
            {selectedCount > 0 && (
              <Typography.Text type="secondary" data-testid="grid-selected" style={{ marginLeft: 4 }}>
                {labels.t(pageSelection ? 'ui.grid.selectedAcrossPages' : 'ui.list.selected', {
                  count: selectedCount,
                })}{' '}
                <Typography.Link onClick={clearSelection}>
                  {labels.t('ui.list.clearSelection')}
                </Typography.Link>
              </Typography.Text>
            )}
            <span style={{ flex: 1 }} />
            {!hasLocal && api && (
              <Tooltip title={labels.t('ui.grid.reload')}>
                <Button
                  icon={<ReloadOutlined />}
                  aria-label={labels.t('ui.grid.reload')}
                  onClick={() => setReloads((count) => count + 1)}
                />
              </Tooltip>
            )}
            {settingsOn && (
              <ColumnSettings
                tableName={name}
                titles={titles}
                defaults={defaults}
                state={config}
                widths={widths}
              />
            )}
          </div>
        )}
        {errors.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 8 }}
            title={labels.t('ui.grid.configError')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {errors.map((error, index) => (
                  <li key={index}>{error.column ? `${error.message} (${error.column})` : error.message}</li>
                ))}
              </ul>
            }
          />
        )}
        {query.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 8 }}
            title={labels.t('ui.list.loadFailed', {
              message: query.error instanceof ApiFailure ? query.error.message : String(query.error),
            })}
          />
        )}
        <ConfigProvider componentSize="small">
          <Table<R>
            ref={table}
            size="small"
            bordered
            virtual={virtual}
            rowKey={rowKeyOf}
            columns={tableColumns}
            dataSource={pageRows as R[]}
            loading={!hasLocal && query.isFetching}
            pagination={false}
            scroll={{
              x: scrollX,
              ...(virtual ? { y: props.height ?? DEFAULT_HEIGHT } : props.height ? { y: props.height } : {}),
            }}
            components={{ header: { cell: ResizableHeaderCell } }}
            locale={props.empty ? { emptyText: props.empty } : undefined}
            rowClassName={(row) =>
              currentKey !== undefined && rowKeyOf(row) === currentKey ? 'srm-grid-current' : ''
            }
            rowSelection={
              selection
                ? {
                    type: selection === 'radio' ? 'radio' : 'checkbox',
                    columnWidth: COLUMN_WIDTHS.checkbox,
                    fixed: true,
                    selectedRowKeys: selectedOnPage,
                    onChange: (_keys, chosen) => {
                      const rows = chosen.filter(Boolean);
                      if (selection === 'radio') {
                        changeSelection(new Map(rows.map((row) => [selectionKeyOf(row), row])));
                        return;
                      }
                      const keyFields = pageSelection?.keyFields;
                      changeSelection(
                        keyFields
                          ? mergePageSelection(selected, pageRows, rows, keyFields)
                          : new Map(rows.map((row) => [selectionKeyOf(row), row])),
                      );
                    },
                  }
                : undefined
            }
            expandable={
              expand
                ? { expandedRowRender: (row) => expand(row), columnWidth: COLUMN_WIDTHS.expand }
                : undefined
            }
            onChange={(_pagination, _filters, sorter) => {
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              const key = one?.columnKey ? String(one.columnKey) : undefined;
              setSort(key && one?.order ? { key, order: one.order === 'descend' ? 'desc' : 'asc' } : null);
              if (!hasLocal) setPageIndex(1);
            }}
            summary={showSummary ? summary : undefined}
          />
        </ConfigProvider>
        {isShowPage && (
          <div
            className="srm-grid-pager"
            style={{
              display: 'flex',
              justifyContent: 'flex-end',
              alignItems: 'center',
              gap: 12,
              marginTop: 12,
              flexWrap: 'wrap',
            }}
          >
            <Pagination
              current={pageIndex}
              pageSize={pageSize}
              total={total}
              showSizeChanger
              showQuickJumper
              pageSizeOptions={pageSizeOptions(pageSize).map(String)}
              showTotal={(count) => labels.t('ui.list.total', { total: count })}
              onChange={goTo}
            />
            <Space.Compact>
              <InputNumber<number>
                aria-label={labels.t('ui.grid.customSize')}
                placeholder={labels.t('ui.grid.customSize')}
                style={{ width: labels.locale === 'en' ? 150 : 124 }}
                value={customSize}
                onChange={(value) => setCustomSize(value)}
                onPressEnter={applyCustomSize}
                suffix={labels.t('ui.grid.perPage')}
                data-min={MIN_CUSTOM_PAGE_SIZE}
              />
              <Button onClick={applyCustomSize}>{labels.t('ui.ok')}</Button>
            </Space.Compact>
          </div>
        )}
      </div>
    </GridCellContext.Provider>
  );
}

/** Values of a row that are blank (helper for screens building their own checks). */
export function blankFields(row: GridRow, keys: readonly string[]): string[] {
  return keys.filter((key) => isBlank(row[key]));
}
