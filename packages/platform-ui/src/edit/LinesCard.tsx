// One line collection of a document as an editable grid inside the document's form: add, copy
// and delete rows, inline inputs per field kind with the same checks as the header, and a
// totals row for amounts and quantities.
import { useState } from 'react';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, type FormInstance, Space, Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { COLUMN_WIDTHS, type EntityDef, type FieldDef, isClientWritable } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { FieldDisplay } from '../fields/FieldDisplay';
import { FieldInput } from '../fields/FieldInput';
import { fieldRules } from '../fields/rules';
import { knownEntities } from '../fields/useEntityDef';
import { isRightAligned } from '../list/listColumns';
import { SummaryRow } from '../list/SummaryRow';
import { copyLine, defaultValues } from './saveBody';

type Row = Record<string, unknown>;
interface Item {
  key: number;
  name: number;
}

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
  editable: boolean;
  onChanged(): void;
}

export function LinesCard({ header, collection, line, form, editable, onChanged }: LinesCardProps) {
  const labels = useLabels();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const rows = (Form.useWatch(collection, form) as Row[] | undefined) ?? [];
  const names = lineColumns(header, line);
  const known = knownEntities(header);
  const summed = names.filter((name) => {
    const kind = line.fields[name]?.kind;
    return kind === 'amount' || kind === 'quantity' || line.list.summary?.includes(name);
  });

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
        const columns: ColumnType<Item>[] = [
          {
            key: '__index',
            title: labels.t('ui.list.index'),
            width: COLUMN_WIDTHS.index - 10,
            align: 'center',
            render: (_value, _item, index) => index + 1,
          },
          ...names.map((name): ColumnType<Item> => {
            const field = line.fields[name];
            return {
              key: name,
              title: (
                <>
                  {field?.required && editable && <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>}
                  {labels.field(line.name, name)}
                </>
              ),
              width: inputWidth(field),
              align: isRightAligned(field) ? 'right' : 'left',
              render: (_value, item) => {
                const row = rows[item.name] ?? {};
                if (!field || !editable || !isClientWritable(field)) {
                  return field ? (
                    <FieldDisplay name={name} field={field} value={row[name]} row={row} />
                  ) : (
                    String(row[name] ?? '')
                  );
                }
                return (
                  <Form.Item name={[item.name, name]} rules={fieldRules(field, labels)} style={{ margin: 0 }}>
                    <FieldInput name={name} field={field} row={row} known={known} />
                  </Form.Item>
                );
              },
            };
          }),
        ];
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
            {editable && (
              <Space style={{ marginBottom: 12 }}>
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
                    onChanged();
                  }}
                >
                  {labels.t('ui.edit.lines.delete')}
                </Button>
              </Space>
            )}
            <Table<Item>
              size="small"
              bordered
              rowKey="key"
              pagination={false}
              dataSource={items}
              columns={columns}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: labels.t(editable ? 'ui.edit.lines.empty' : 'ui.list.empty') }}
              rowSelection={
                editable
                  ? {
                      columnWidth: COLUMN_WIDTHS.checkbox + 8,
                      selectedRowKeys: selected,
                      onChange: (keys) => setSelected(keys as number[]),
                    }
                  : undefined
              }
              summary={() =>
                summed.length && items.length ? (
                  <SummaryRow
                    entity={line}
                    columns={columns}
                    rows={rows}
                    fields={summed}
                    selection={editable}
                  />
                ) : null
              }
            />
          </Card>
        );
      }}
    </Form.List>
  );
}
