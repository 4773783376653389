// The grid's configuration (shell-and-toolkit §3 "grid column definition" and "grid config"):
// one column list drives the cells, the editors, the summary row and the column settings.
import type { Key, ReactNode } from 'react';
import type { FieldDef } from '@srm/kernel';

export type GridRow = Record<string, unknown>;

/** The cell types of the spec (§2). `type` is a built-in column (`seq` or `radio`). */
export const CELL_TYPES = [
  'text',
  'textarea',
  'number',
  'price',
  'amount',
  'lookup',
  'editlookup',
  'date',
  'daterange',
  'datetime',
  'datetimerange',
  'year',
  'month',
  'time',
  'checkbox',
  'slot',
  'viewSlot',
  'button',
  'icon',
  'upload',
  'compute',
  'linkTag',
  'modal',
  'tableOperate',
  'buttons',
  'colGroup',
  'type',
] as const;
export type CellType = (typeof CELL_TYPES)[number];

export interface CellContext<R extends GridRow = GridRow> {
  readonly row: R;
  /** Position of the row on the current page. */
  readonly index: number;
  readonly column: GridColumn<R>;
  readonly value: unknown;
  /** Writes the cell's value (editable grids). */
  setValue(value: unknown): void;
  /** Writes several fields of the row at once (a lookup picked with its display value). */
  patch(values: Partial<R>): void;
  readonly editing: boolean;
  /** The editor was opened by a click: it takes the focus. */
  readonly autoFocus?: boolean;
  /** The cell's problem (required, out of range…), shown as a red frame and on hover only. */
  readonly issue?: string;
}

/** A button of a `button`, `tableOperate`/`buttons` cell or of the toolbar. */
export interface GridButton<R extends GridRow = GridRow> {
  readonly key: string;
  readonly label: ReactNode;
  /** Resource code that must be granted for the button to show. */
  readonly resourceCode?: string;
  readonly danger?: boolean;
  readonly icon?: ReactNode;
  readonly primary?: boolean;
  show?(row: R): boolean;
  disabled?(row: R): boolean;
  onClick?(row: R, index: number): void;
}

export interface ToolbarButton<R extends GridRow = GridRow> {
  readonly key: string;
  readonly label: ReactNode;
  readonly resourceCode?: string;
  readonly danger?: boolean;
  readonly primary?: boolean;
  readonly icon?: ReactNode;
  /** Enabled only with a selection. */
  readonly needsSelection?: boolean;
  readonly loading?: boolean;
  onClick(selected: readonly R[]): void;
}

export interface ShowIcon {
  readonly trueValue: unknown;
  readonly falseValue: unknown;
  /** Shown instead of the grey icon for the false value. */
  readonly falseShow?: ReactNode;
}

/** What an upload column needs (the attachment widget's context, §3 "upload context"). */
export interface AttachmentConfig {
  readonly path?: string;
  readonly functionId?: string;
  readonly businessIdKey?: string;
  readonly fileDesc?: string;
  readonly accept?: readonly string[];
  readonly maxCount?: number;
  readonly disabled?: boolean;
}

/** The props the injected attachment widget of an `upload` cell receives. */
export interface UploadCellProps<R extends GridRow = GridRow> {
  readonly row: R;
  readonly column: GridColumn<R>;
  /** Comma-separated attachment ids kept on the row. */
  readonly value: string | null;
  readonly onChange: (ids: string | null) => void;
  readonly config: AttachmentConfig;
  readonly editing: boolean;
}

export interface ColumnValidate<R extends GridRow = GridRow> {
  readonly required?: boolean;
  /** Own check: a message when the value is wrong. */
  validator?(value: unknown, row: R): string | null | undefined;
}

export type Fixed = 'left' | 'right';

export interface GridColumn<R extends GridRow = GridRow> {
  readonly key: string;
  readonly title: ReactNode;
  /** Plain title for the column settings and messages (default: the title when it is text). */
  readonly label?: string;
  readonly width?: number;
  readonly minWidth?: number;
  readonly align?: 'left' | 'center' | 'right';
  readonly fixed?: Fixed;
  readonly sortable?: boolean;
  /** Default yes. */
  readonly resizable?: boolean;
  /** Shown at all (a column that never shows). */
  readonly isShow?: boolean;
  /** Shown by default; the user's column settings may change it. Default 'Y'. */
  readonly columnsDisplay?: 'Y' | 'N';
  /** Display type; `editType` when the cell is edited differently. Default 'text'. */
  readonly cellType?: CellType;
  readonly editType?: CellType;
  /** Editable in an editable grid (default yes for input types), or per row. */
  readonly editable?: boolean | ((row: R) => boolean);
  /** A reference cell's target was picked (or cleared: null), with the target's row (its `brings`). */
  readonly onPicked?: (context: CellContext<R>, target: Readonly<Record<string, unknown>> | null) => void;
  /** Lookup type of a `lookup` cell; `numberFlag` when its codes are numbers. */
  readonly typeCode?: string;
  readonly numberFlag?: boolean;
  /** Fixed options of a `lookup` cell (instead of a lookup type). */
  readonly options?: readonly { readonly value: string | number; readonly label: string }[];
  readonly validate?: ColumnValidate<R>;
  readonly min?: number;
  readonly max?: number;
  readonly precision?: number;
  readonly step?: number;
  readonly showThousandSeparator?: boolean;
  readonly showIcon?: ShowIcon;
  /** Property holding the display text (a lookup's meaning, a reference's name). */
  readonly displayKey?: string;
  readonly attachmentConfig?: AttachmentConfig;
  /** Summed in the 合计 row. */
  readonly isSummary?: boolean;
  /** The entity field behind the column: its display and input are used. */
  readonly field?: FieldDef;
  /** Sub-columns of a `colGroup`. */
  readonly children?: readonly GridColumn<R>[];
  /** `slot`, `viewSlot` (view only) and any custom display. */
  render?(context: CellContext<R>): ReactNode;
  /** Custom editor (a `slot` while editing). */
  renderEditor?(context: CellContext<R>): ReactNode;
  /** `compute`: the value from the row. */
  compute?(row: R): unknown;
  /** `linkTag`, `button`, `icon`: the click. */
  onClick?(row: R, index: number): void;
  /** `editlookup` and `modal`: opens the picker; `context.patch` writes what was picked. */
  onLookup?(context: CellContext<R>): void;
  /** `tableOperate`/`buttons`: the row's buttons. */
  readonly buttons?: readonly GridButton<R>[];
  /** `type`: the built-in column. */
  readonly type?: 'seq' | 'radio';
}

export interface MergeFooterItem {
  /** Footer row (0: the 合计 row). */
  readonly row?: number;
  /** Leaf column position, counting the selection, expand and index columns. */
  readonly col: number;
  readonly rowspan?: number;
  readonly colspan: number;
}

export interface FooterConfig {
  /** Label of the summary row (default 合计). */
  readonly title?: string;
  readonly summaryFields?: readonly string[];
  /** Fields whose footer is the mean of the page, not the sum. */
  readonly meanNumFields?: readonly string[];
  readonly mergeFooterItems?: readonly MergeFooterItem[];
}

export interface PageInfo {
  readonly count: number;
  readonly curIndex: number;
  /** A list that pages by key: the last row's key, sent as `afterKey` for the next page. */
  readonly nextKey?: number;
}

/** Paged response (§3): rows and their page. */
export interface PagedResponse<R extends GridRow = GridRow> {
  readonly data: readonly R[];
  readonly page?: PageInfo;
}

/** Paging request (§3): search params with pageIndex and pageRows. */
export type PageRequest = Record<string, unknown> & { pageIndex: number; pageRows: number; orderBy?: string };

export type GridApi<R extends GridRow = GridRow> =
  string | ((request: PageRequest) => Promise<PagedResponse<R>>);

export interface PageSelection {
  /** Fields that identify a row across pages. */
  readonly keyFields: readonly string[];
}

export interface GridConfig<R extends GridRow = GridRow> {
  /** The table's name: the key of the user's saved column configuration. */
  readonly name: string;
  readonly columns: readonly GridColumn<R>[];
  /** Service path (POSTed with searchParams, pageIndex, pageRows) or a loader. */
  readonly api?: GridApi<R>;
  readonly searchParams?: Readonly<Record<string, unknown>>;
  readonly pageSize?: number;
  readonly isShowPage?: boolean;
  readonly showIndex?: boolean;
  readonly selection?: boolean | 'radio';
  /** Expandable rows: the content under a row. */
  expand?(row: R): ReactNode;
  readonly showSummary?: boolean;
  readonly footerConfig?: FooterConfig;
  /** Remembers selections across pages (the paged grid). */
  readonly pageSelection?: PageSelection;
  /** Cells of equal consecutive values merged vertically. */
  readonly rowSpanFields?: readonly string[];
  /** The operation column fixed on the right. */
  operateSlot?(row: R, index: number): ReactNode;
  readonly operateWidth?: number;
  readonly toolbar?: readonly ToolbarButton<R>[];
  readonly isEdit?: boolean;
  /** Body height in pixels (virtual scrolling needs one; default 560). */
  readonly height?: number;
}

export type RowKey = Key;
