// The grid columns of a list from its definition: labels, widths by kind, amounts right-aligned,
// sortable where the API may order, the document number as a link that opens it.
import type { ColumnType } from 'antd/es/table';
import { type EntityDef, type FieldDef, STATUS_FIELD, isNumeric, sortableFields } from '@srm/kernel';
import type { Labels } from '../context/labels';
import { FieldDisplay, displayPropertyOwner } from '../fields/FieldDisplay';

export type Row = Record<string, unknown>;

function widthOf(name: string, field: FieldDef | undefined): number {
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
  orderBy?: string;
  onOpen(row: Row): void;
}

export function listColumns({ entity, labels, orderBy, onOpen }: ColumnOptions): ColumnType<Row>[] {
  const sortable = sortableFields(entity);
  const [sortField, sortOrder] = (orderBy ?? '').split(' ');
  const link = linkColumn(entity);
  return entity.list.columns.map((name) => {
    const owner = displayPropertyOwner(entity, name);
    const field = entity.fields[name];
    const render = (value: unknown, row: Row) => {
      const content = field ? (
        <FieldDisplay name={name} field={field} value={value} row={row} />
      ) : value == null ? (
        ''
      ) : (
        String(value)
      );
      if (name !== link) return content;
      return (
        <a
          onClick={(event) => {
            event.preventDefault();
            onOpen(row);
          }}
          href="#"
        >
          {content}
        </a>
      );
    };
    return {
      key: name,
      dataIndex: name,
      title: labels.field(entity.name, name),
      width: widthOf(name, field),
      align: isRightAligned(field) ? 'right' : field?.kind === 'checkbox' ? 'center' : 'left',
      ellipsis: field?.kind === 'text' || field?.kind === 'textarea' || !!owner,
      sorter: !!field && sortable.has(name),
      sortOrder: sortField === name ? (sortOrder === 'desc' ? 'descend' : 'ascend') : null,
      render,
    } satisfies ColumnType<Row>;
  });
}
