// The paged grid (§2, §4): the editable grid reading pages from an api, 200 rows a page by
// default, with selections remembered across pages by key fields and counted as such.
import { PAGED_GRID_PAGE_SIZE } from '@srm/kernel';
import { EditableGrid, type EditableGridProps } from './EditableGrid';
import type { GridRow } from './types';

export type PagedGridProps<R extends GridRow = GridRow> = Omit<EditableGridProps<R>, 'pageSelection'> & {
  /** Fields that identify a row across pages (default: the row key, else `id`). */
  keyFields?: readonly string[];
};

export function PagedGrid<R extends GridRow = GridRow>({
  keyFields,
  selection = true,
  ...props
}: PagedGridProps<R>) {
  const fields = keyFields ?? [typeof props.rowKey === 'string' ? props.rowKey : 'id'];
  return (
    <EditableGrid<R>
      {...props}
      selection={selection}
      defaultPageSize={props.defaultPageSize ?? PAGED_GRID_PAGE_SIZE}
      pageSelection={{ keyFields: fields }}
    />
  );
}
