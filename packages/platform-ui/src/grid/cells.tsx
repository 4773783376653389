// The cells of the grid, one per cell type of §2: what a cell shows, and its editor when the
// grid edits. Columns derived from an entity field use the field's own display and input.
import { createContext, type ReactElement, type ReactNode, useContext } from 'react';
import { CheckCircleFilled, MinusCircleFilled, PaperClipOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Radio, Select, Space, Typography } from 'antd';
import { type EntityDef, formatDateTime, type LookupField } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { DateInput, DateRangeInput } from '../fields/DateInput';
import { FieldDisplay } from '../fields/FieldDisplay';
import { FieldInput } from '../fields/FieldInput';
import { NumberInput } from '../fields/NumberInput';
import { useLookupOptions } from '../fields/lookups';
import { clampNumber, formatCellNumber } from './gridLogic';
import type { CellContext, CellType, GridColumn, GridRow, UploadCellProps } from './types';

/** What every cell of one grid shares. */
export interface GridCellEnv {
  readonly may: (resource: string) => boolean;
  readonly renderUpload?: (props: UploadCellProps) => ReactNode;
  /** The row of the `type: 'radio'` column (the current row). */
  readonly currentKey?: unknown;
  readonly selectCurrent?: (row: GridRow, index: number) => void;
  readonly rowKeyOf: (row: GridRow, index: number) => unknown;
  readonly rowNumber: (index: number) => number;
  /** Definitions the screen holds (references among a document's own entities). */
  readonly known?: readonly EntityDef[];
}

export const GridCellContext = createContext<GridCellEnv>({
  may: () => true,
  rowKeyOf: (_row, index) => index,
  rowNumber: (index) => index + 1,
});

const isBlank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);

const INPUT_TYPES: ReadonlySet<CellType> = new Set([
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
  'upload',
  'modal',
]);

/** The type a cell is edited as. */
export function editTypeOf(column: GridColumn): CellType {
  return column.editType ?? column.cellType ?? 'text';
}

/** Whether a column's cell of a row takes input in an editing grid. */
export function isEditableCell(column: GridColumn, row: GridRow): boolean {
  if (column.field?.readonly || column.field?.kind === 'compute') return false;
  if (typeof column.editable === 'function') return column.editable(row);
  if (column.editable === false) return false;
  const type = editTypeOf(column);
  if (type === 'slot' || type === 'viewSlot') return !!column.renderEditor || column.editable === true;
  return INPUT_TYPES.has(type);
}

function lookupFieldOf(column: GridColumn): LookupField {
  return { kind: 'lookup', lookupType: column.typeCode ?? '', numberFlag: column.numberFlag };
}

function LookupText({ column, value }: { column: GridColumn; value: unknown }) {
  const lookup = useLookupOptions(
    column.options
      ? { ...lookupFieldOf(column), codes: column.options.map((option) => String(option.value)) }
      : lookupFieldOf(column),
  );
  const labels = useLabels();
  if (isBlank(value)) return null;
  const label = (code: string) =>
    column.options?.find((option) => String(option.value) === code)?.label ?? lookup.label(code);
  const codes = Array.isArray(value) ? value.map(String) : [String(value)];
  return <>{codes.map(label).join(labels.locale === 'en' ? ', ' : '、')}</>;
}

function LookupEditor({ column, context }: { column: GridColumn; context: CellContext }) {
  const labels = useLabels();
  const lookup = useLookupOptions(
    column.options
      ? { ...lookupFieldOf(column), codes: column.options.map((option) => String(option.value)) }
      : lookupFieldOf(column),
  );
  const options = column.options
    ? column.options.map((option) => ({ value: option.value, label: option.label }))
    : lookup.options.map((option) => ({
        value: column.numberFlag ? Number(option.value) : option.value,
        label: option.label,
      }));
  return (
    <Select
      allowClear
      autoFocus={context.autoFocus}
      style={{ width: '100%' }}
      placeholder={labels.t('ui.placeholder.select')}
      loading={lookup.loading}
      options={options}
      value={isBlank(context.value) ? undefined : (context.value as string)}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(next: unknown) => context.setValue(next ?? null)}
    />
  );
}

export function FlagIconCell({ on, falseShow }: { on: boolean; falseShow?: ReactNode }) {
  const labels = useLabels();
  if (!on && falseShow !== undefined) return <>{falseShow}</>;
  return on ? (
    <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={labels.t('ui.yes')} />
  ) : (
    <MinusCircleFilled style={{ color: '#bfbfbf' }} aria-label={labels.t('ui.no')} />
  );
}

function checkboxValues(column: GridColumn): [unknown, unknown] {
  if (column.showIcon) return [column.showIcon.trueValue, column.showIcon.falseValue];
  if (column.field?.kind === 'checkbox' && column.field.values === 'boolean') return [true, false];
  return ['Y', 'N'];
}

function textOf(value: unknown): string {
  if (isBlank(value)) return '';
  return Array.isArray(value) ? value.join(' ~ ') : String(value);
}

/** What a cell shows when it is not being edited. */
export function CellView({ context }: { context: CellContext }): ReactNode {
  const { column, row, value, index } = context;
  const env = useContext(GridCellContext);
  const labels = useLabels();
  const type = column.cellType ?? (column.type ? 'type' : 'text');
  if (column.render && (type === 'slot' || type === 'viewSlot')) return column.render(context);
  if (column.field && !column.cellType) {
    return <FieldDisplay name={column.key} field={column.field} value={value} row={row} />;
  }
  const display = column.displayKey ? row[column.displayKey] : undefined;
  switch (type) {
    case 'number':
    case 'price':
    case 'amount':
      return formatCellNumber(column, value);
    case 'compute': {
      const computed = column.compute ? column.compute(row) : value;
      return typeof computed === 'number' ? formatCellNumber(column, computed) : textOf(computed);
    }
    case 'textarea':
      return <span style={{ whiteSpace: 'pre-wrap' }}>{textOf(value)}</span>;
    case 'lookup':
      return isBlank(display) ? <LookupText column={column} value={value} /> : String(display);
    case 'editlookup':
    case 'modal':
      return textOf(isBlank(display) ? value : display);
    case 'datetime':
      return typeof value === 'number' ? formatDateTime(value) : textOf(value);
    case 'datetimerange':
      return Array.isArray(value)
        ? value.map((ms) => (typeof ms === 'number' ? formatDateTime(ms) : String(ms))).join(' ~ ')
        : textOf(value);
    case 'checkbox':
    case 'icon': {
      if (isBlank(value) && !column.showIcon) return null;
      const [on] = checkboxValues(column);
      const icon = <FlagIconCell on={value === on} falseShow={column.showIcon?.falseShow} />;
      return type === 'icon' && column.onClick ? (
        <Typography.Link onClick={() => column.onClick!(row, index)}>{icon}</Typography.Link>
      ) : (
        icon
      );
    }
    case 'linkTag':
      return isBlank(value) ? null : (
        <a
          href="#"
          onClick={(event) => {
            event.preventDefault();
            event.stopPropagation();
            column.onClick?.(row, index);
          }}
        >
          {textOf(isBlank(display) ? value : display)}
        </a>
      );
    case 'button':
      return (
        <Button size="small" onClick={() => column.onClick?.(row, index)}>
          {isBlank(value) ? (column.label ?? column.title) : textOf(value)}
        </Button>
      );
    case 'tableOperate':
    case 'buttons': {
      const buttons = (column.buttons ?? []).filter(
        (button) =>
          (!button.resourceCode || env.may(button.resourceCode)) && (button.show ? button.show(row) : true),
      );
      return (
        <Space size={4} separator={<Typography.Text type="secondary">|</Typography.Text>}>
          {buttons.map((button) => (
            <Typography.Link
              key={button.key}
              type={button.danger ? 'danger' : undefined}
              disabled={button.disabled?.(row)}
              onClick={(event) => {
                event.stopPropagation();
                button.onClick?.(row, index);
              }}
            >
              {button.label}
            </Typography.Link>
          ))}
        </Space>
      );
    }
    case 'upload':
      if (env.renderUpload && column.attachmentConfig) {
        return env.renderUpload({
          row,
          column,
          value: (value as string | null) ?? null,
          onChange: (ids) => context.setValue(ids),
          config: column.attachmentConfig,
          editing: false,
        });
      }
      return isBlank(value) ? null : (
        <span>
          <PaperClipOutlined /> {String(value).split(',').length}
        </span>
      );
    case 'type':
      if (column.type === 'radio') {
        return (
          <Radio
            aria-label={labels.t('ui.grid.currentRow')}
            checked={env.currentKey === env.rowKeyOf(row, index)}
            onChange={() => env.selectCurrent?.(row, index)}
          />
        );
      }
      return env.rowNumber(index);
    default:
      return textOf(isBlank(display) ? value : display);
  }
}

function NumberEditor({ context }: { context: CellContext }) {
  const { column, value } = context;
  const labels = useLabels();
  const precision = column.precision ?? (column.cellType === 'amount' ? 2 : undefined);
  return (
    <NumberInput
      autoFocus={context.autoFocus}
      placeholder={labels.t('ui.placeholder.input')}
      step={column.step ?? 1}
      precision={precision}
      thousands={column.showThousandSeparator ?? column.cellType === 'amount'}
      value={typeof value === 'number' ? value : isBlank(value) ? null : Number(value)}
      onChange={(next) =>
        context.setValue(clampNumber(next, { min: column.min, max: column.max, precision }))
      }
    />
  );
}

function PickerEditor({ context }: { context: CellContext }) {
  const { column, row, value } = context;
  const labels = useLabels();
  const display = column.displayKey ? row[column.displayKey] : undefined;
  const open = () => column.onLookup?.(context);
  return (
    <Input
      readOnly
      value={textOf(isBlank(display) ? value : display)}
      placeholder={labels.t('ui.placeholder.select')}
      onClick={open}
      suffix={<SearchOutlined onClick={open} style={{ cursor: 'pointer', color: '#8c8c8c' }} />}
    />
  );
}

/** The editor of a cell; `value`/`onChange` given by a Form.Item take over when it wraps it. */
export function CellEditor(props: {
  context: CellContext;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}): ReactElement {
  const env = useContext(GridCellContext);
  const labels = useLabels();
  const base = props.context;
  const context: CellContext =
    props.onChange !== undefined
      ? { ...base, value: props.value, setValue: (next) => props.onChange!(next) }
      : base;
  const { column, row, value } = context;
  if (column.renderEditor) return <>{column.renderEditor(context)}</>;
  if (column.field && !column.editType && !column.cellType) {
    return (
      <FieldInput
        id={props.id}
        name={column.key}
        field={column.field}
        row={row}
        known={env.known}
        value={value}
        onChange={(next) => context.setValue(next)}
        onPicked={column.onPicked && ((target) => column.onPicked!(context, target))}
      />
    );
  }
  const type = editTypeOf(column);
  switch (type) {
    case 'number':
    case 'price':
    case 'amount':
      return <NumberEditor context={context} />;
    case 'textarea':
      return (
        <Input.TextArea
          id={props.id}
          autoFocus={context.autoFocus}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={labels.t('ui.placeholder.input')}
          value={(value as string | null) ?? ''}
          onChange={(event) => context.setValue(event.target.value)}
        />
      );
    case 'lookup':
      return <LookupEditor column={column} context={context} />;
    case 'editlookup':
    case 'modal':
      return <PickerEditor context={context} />;
    case 'date':
    case 'month':
    case 'year':
    case 'time':
    case 'datetime':
      return (
        <DateInput
          id={props.id}
          kind={type}
          value={value}
          onChange={(next) => context.setValue(next)}
          placeholder={labels.t('ui.placeholder.select')}
        />
      );
    case 'daterange':
    case 'datetimerange':
      return (
        <DateRangeInput
          id={props.id}
          kind={type === 'daterange' ? 'date' : 'datetime'}
          value={value}
          onChange={(next) => context.setValue(next)}
          placeholder={[labels.t('ui.placeholder.from'), labels.t('ui.placeholder.to')]}
        />
      );
    case 'checkbox': {
      const [on, off] = checkboxValues(column);
      return (
        <Checkbox
          id={props.id}
          checked={value === on}
          onChange={(event) => context.setValue(event.target.checked ? on : off)}
        />
      );
    }
    case 'upload':
      if (env.renderUpload && column.attachmentConfig) {
        return (
          <>
            {env.renderUpload({
              row,
              column,
              value: (value as string | null) ?? null,
              onChange: (ids) => context.setValue(ids),
              config: column.attachmentConfig,
              editing: true,
            })}
          </>
        );
      }
      return <CellView context={context} />;
    case 'text':
      return (
        <Input
          id={props.id}
          autoFocus={context.autoFocus}
          placeholder={labels.t('ui.placeholder.input')}
          value={(value as string | null) ?? ''}
          onChange={(event) => context.setValue(event.target.value)}
        />
      );
    default:
      return <CellView context={context} />;
  }
}
