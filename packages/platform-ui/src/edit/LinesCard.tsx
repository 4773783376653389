// One line collection of a document as the toolkit's editable grid inside the document's form:
// add, copy and delete rows, inline inputs per field kind with the same checks as the header
// (required columns starred, cell messages on hover), the user's column settings and a 合计 row
// for amounts and quantities.
import { useRef, useState } from 'react';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, type FormInstance, Space, Typography } from 'antd';
import { type EntityDef, type FieldDef, isClientWritable } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { fieldRules } from '../fields/rules';
import { knownEntities } from '../fields/useEntityDef';
import { EditableGrid, type GridHandle } from '../grid/EditableGrid';
import type { GridColumn } from '../grid/types';
import { isRightAligned } from '../list/listColumns';
import { copyLine, defaultValues } from './saveBody';

type Row = Record<string, unknown>;
/** A grid row: the line's values with its place in the form list. */
type LineRow = Row & { __key: number; __name: number };

/** Columns of a line grid: the list columns, less those copied from the header, plus required fields. */
export function lineColumns(header: EntityDef, line: EntityDef): string[] {
  const mirrored = (name: string) => {
    const field = line.fields[name];
    return !!field && !isClientWritable(field) && name in header.fields;
  };
  const names = line.list.columns.filter((name) => name !== line.parent?.field && !mirrored(name));
  for (const [name, field] of Object.entries(line.fields)) {
    if (field.required && isClientWritable(field) && !names.includes(name)) names.push(name);
  }
  return names;
}

function inputWidth(field: FieldDef | undefined): number {
  switch (field?.kind) {
    case 'checkbox':
      return 90;
    case 'number':
      return 110;
    case 'amount':
    case 'price':
    case 'quantity':
      return 140;
    case 'textarea':
      return 240;
    case 'datetime':
    case 'daterange':
      return 220;
    default:
      return 170;
  }
}

export interface LinesCardProps {
  header: EntityDef;
  collection: string;
  line: EntityDef;
  form: FormInstance;
  /** Lines may be added, copied and deleted, and every writable field changed. */
  editable: boolean;
  /** Fields open to this side although the lines are not (a supplier's promised date). */
  fieldEditable?: (name: string, field: FieldDef) => boolean;
  onChanged(): void;
}

export function LinesCard({
  header,
  collection,
  line,
  form,
  editable,
  fieldEditable,
  onChanged,
}: LinesCardProps) {
  const labels = useLabels();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const grid = useRef<GridHandle<LineRow>>(null);
  // preserve: the whole lines, not only the fields that have inputs (some columns stay read-only).
  const rows = (Form.useWatch(collection, { form, preserve: true }) as Row[] | undefined) ?? [];
  const names = lineColumns(header, line);
  const known = knownEntities(header);
  const summed = names.filter((name) => {
    const kind = line.fields[name]?.kind;
    return kind === 'amount' || kind === 'quantity' || line.list.summary?.includes(name);
  });
  const columns: GridColumn<LineRow>[] = names.map((name) => {
    const field = line.fields[name];
    return {
      key: name,
      title: labels.field(line.name, name),
      width: inputWidth(field),
      align: isRightAligned(field) ? 'right' : 'left',
      field,
      editable: !!field && isClientWritable(field) && (editable || !!fieldEditable?.(name, field)),
      validate: field?.required ? { required: true } : undefined,
    };
  });
  const someEditable = editable || columns.some((column) => column.editable);

  return (
    <Form.List name={collection}>
      {(items, { add, remove }) => {
        const indexOf = (key: number) => items.findIndex((item) => item.key === key);
        const chosen = selected.map(indexOf).filter((index) => index >= 0);
        const requireSelection = () => {
          if (chosen.length) return true;
          void message.warning(labels.t('ui.edit.lines.selectFirst'));
          return false;
        };
        const data: LineRow[] = items.map((item) => ({
          ...(rows[item.name] ?? {}),
          __key: item.key,
          __name: item.name,
        }));
        return (
          <Card
            size="small"
            title={labels.field(header.name, collection)}
            extra={
              <Typography.Text type="secondary">
                {labels.t('ui.edit.lines.count', { count: items.length })}
              </Typography.Text>
            }
          >
            <EditableGrid<LineRow>
              ref={grid}
              name={`lines:${line.name}`}
              rowKey="__key"
              data={data}
              columns={columns}
              isEdit={someEditable}
              editTrigger="always"
              knownEntities={known}
              isShowPage={false}
              selection={editable}
              onSelectionChange={(chosenRows) => setSelected(chosenRows.map((row) => row.__key))}
              showSummary={summed.length > 0 && items.length > 0}
              footerConfig={{ summaryFields: summed }}
              empty={labels.t(editable ? 'ui.edit.lines.empty' : 'ui.list.empty')}
              wrapEditor={(editor, { row, column }) => (
                <Form.Item
                  name={[row.__name, column.key]}
                  rules={column.field ? fieldRules(column.field, labels) : undefined}
                  className="srm-grid-form-item"
                  style={{ margin: 0 }}
                >
                  {editor}
                </Form.Item>
              )}
              toolbarExtra={
                editable && (
                  <Space>
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => {
                        add(defaultValues(line));
                        onChanged();
                      }}
                    >
                      {labels.t('ui.edit.lines.add')}
                    </Button>
                    <Button
                      icon={<CopyOutlined />}
                      onClick={() => {
                        if (!requireSelection()) return;
                        for (const index of chosen) add(copyLine(line, rows[index] ?? {}));
                        onChanged();
                      }}
                    >
                      {labels.t('ui.edit.lines.copy')}
                    </Button>
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => {
                        if (!requireSelection()) return;
                        remove(chosen);
                        setSelected([]);
                        grid.current?.clearSelection();
                        onChanged();
                      }}
                    >
                      {labels.t('ui.edit.lines.delete')}
                    </Button>
                  </Space>
                )
              }
            />
          </Card>
        );
      }}
    </Form.List>
  );
}
