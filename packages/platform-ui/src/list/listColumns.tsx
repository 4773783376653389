// The grid columns of an entity from its definition: labels, widths by kind, amounts right-aligned,
// sortable where the API may order, the document number as a link that opens it.
import {
  type EntityDef,
  type FieldDef,
  type Side,
  STATUS_FIELD,
  isNumeric,
  sortableFields,
} from '@srm/kernel';
import type { Labels } from '../context/labels';
import { FieldDisplay } from '../fields/FieldDisplay';
import type { GridColumn } from '../grid/types';

export type Row = Record<string, unknown>;

export function widthOf(name: string, field: FieldDef | undefined): number {
  if (!field) return 160;
  if (name === STATUS_FIELD) return 100;
  switch (field.kind) {
    case 'text':
      return field.max <= 30 ? 130 : field.max <= 120 ? 160 : 220;
    case 'textarea':
      return 240;
    case 'amount':
    case 'price':
    case 'quantity':
      return 140;
    case 'number':
      return 90;
    case 'checkbox':
      return 80;
    case 'datetime':
      return 170;
    case 'daterange':
    case 'datetimerange':
      return 220;
    case 'lookup':
      return 120;
    default:
      return 120;
  }
}

export function isRightAligned(field: FieldDef | undefined): boolean {
  if (!field) return false;
  if (isNumeric(field)) return true;
  return field.kind === 'compute' && ['number', 'amount', 'quantity', 'price'].includes(field.as);
}

/** The column that opens the document: its number, else its display field. */
export function linkColumn(entity: EntityDef): string {
  return entity.numbering?.field ?? entity.display;
}

export interface ColumnOptions {
  entity: EntityDef;
  labels: Labels;
  /** Fields shown (default: the list's columns). */
  names?: readonly string[];
  /** Opens a row from its link column (lists). */
  onOpen?(row: Row): void;
  /** A supplier's user: fields kept from them (internalOnly) are no columns. */
  side?: Side;
}

/** Grid columns of an entity's fields; a column that is not a field (a reference's display value) shows as text. */
export function entityColumns({ entity, labels, names, onOpen, side }: ColumnOptions): GridColumn<Row>[] {
  const sortable = sortableFields(entity);
  const link = onOpen ? linkColumn(entity) : undefined;
  const shown = (names ?? entity.list.columns).filter(
    (name) => side !== 'supplier' || !entity.fields[name]?.internalOnly,
  );
  return shown.map((name): GridColumn<Row> => {
    const field = entity.fields[name];
    const base = {
      key: name,
      title: labels.field(entity.name, name),
      // The document number in one line: 16 characters and the sort arrow.
      width: name === entity.numbering?.field ? Math.max(widthOf(name, field), 160) : widthOf(name, field),
      align: isRightAligned(field)
        ? ('right' as const)
        : field?.kind === 'checkbox'
          ? ('center' as const)
          : ('left' as const),
      sortable: !!field && sortable.has(name),
      field,
      validate: field?.required ? { required: true } : undefined,
      isSummary: entity.list.summary?.includes(name),
    };
    if (name !== link) return base;
    return {
      ...base,
      cellType: 'slot',
      render: ({ row, value }) => (
        // A long display value (a notice's title) ends in an ellipsis inside its cell.
        <a
          href="#"
          title={typeof value === 'string' ? value : undefined}
          style={{ whiteSpace: 'nowrap', display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}
          onClick={(event) => {
            event.preventDefault();
            onOpen!(row);
          }}
        >
          {field ? <FieldDisplay name={name} field={field} value={value} row={row} /> : String(value ?? '')}
        </a>
      ),
    };
  });
}
