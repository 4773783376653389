// One line collection of a document as the toolkit's editable grid inside the document's form:
// add, copy and delete rows, inline inputs per field kind with the same checks as the header
// (required columns starred, cell messages on hover), the user's column settings and a 合计 row
// for amounts and quantities.
import { type ReactElement, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, type FormInstance, Space, Typography } from 'antd';
import { type EntityDef, type FieldDef, type Side, isClientWritable, refDisplayName } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { useSession } from '../context/session';
import { fieldRules } from '../fields/rules';
import { knownEntities } from '../fields/useEntityDef';
import { EditableGrid, type GridHandle } from '../grid/EditableGrid';
import type { CellContext, GridColumn } from '../grid/types';
import { isRightAligned } from '../list/listColumns';
import { type LineIssue, nextIssue, openIssues } from './lineIssues';
import { broughtBy, copyLine, defaultValues, numberedLine } from './saveBody';

type Row = Record<string, unknown>;
/** A grid row: the line's values with its place in the form list. */
type LineRow = Row & { __key: number; __name: number };

/**
 * Above this many lines a line's cells show their values and become inputs when clicked or
 * focused: an input per cell (a date picker, a reference select, a form item) costs far more than
 * the plain cell, and a long document rendered them again for every row scrolled into view.
 */
export const CLICK_TO_EDIT_ABOVE = 100;

const EMPTY_ROW: Row = {};
const versions = new WeakMap<object, number>();
let nextVersion = 1;
/** A number per line array: the form makes a new array whenever a line changes. */
function arrayVersion(value: unknown): number {
  if (!Array.isArray(value)) return 0;
  let version = versions.get(value);
  if (version === undefined) {
    version = nextVersion++;
    versions.set(value, version);
  }
  return version;
}

/**
 * Columns of a line grid: the list columns, less the header's own (its key and the number that
 * names it, which a lines list shows but the document's own grid repeats on every line) and those
 * copied from the header, plus required fields. Where a list shows the display copy of a reference
 * the line sets (`itemCode` of `itemId`), the grid shows the reference's input in its place: the
 * key a person fills first stays where the list puts it, not after every other column.
 */
export function lineColumns(header: EntityDef, line: EntityDef, side: Side = 'internal'): string[] {
  // A read-only line field named as a header field is a copy of it (the supplier, the currency);
  // a computed one is the line's own (its amounts, which the header's totals add up).
  const mirrored = (name: string) => {
    const field = line.fields[name];
    return !!field && !isClientWritable(field) && !field.computed && name in header.fields;
  };
  const parent = line.parent ? line.fields[line.parent.field] : undefined;
  const headerName = parent?.kind === 'ref' ? refDisplayName(line.parent!.field, parent) : null;
  const inputOf = new Map<string, string>();
  for (const [name, field] of Object.entries(line.fields)) {
    const display = field.kind === 'ref' && isClientWritable(field) ? refDisplayName(name, field) : null;
    if (display) inputOf.set(display, name);
  }
  const names = line.list.columns
    .filter((name) => name !== line.parent?.field && name !== headerName && !mirrored(name))
    // A field for internal users only is no column of the supplier's (the server sends no value).
    .filter((name) => side !== 'supplier' || !line.fields[name]?.internalOnly)
    .map((name) => inputOf.get(name) ?? name)
    .filter((name, index, all) => all.indexOf(name) === index);
  // Required inputs the list leaves out are added; the line's header is the document itself.
  for (const [name, field] of Object.entries(line.fields)) {
    if (name === line.parent?.field) continue;
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
  /**
   * Problems of the lines from the last save (the form's checks or the server's): marked on their
   * cells, with a count and a "next" button above the grid. A new array scrolls to the first.
   */
  issues?: readonly LineIssue[];
  /** Scroll to the first issue when `issues` changes (not when a header field is wrong too). */
  focusIssues?: boolean;
  /** More buttons of the lines' toolbar, after 新增行 / 复制行 / 删除行 (shown while editable). */
  toolbar?: ReactNode;
}

const NO_ISSUES: readonly LineIssue[] = [];

export function LinesCard({
  header,
  collection,
  line,
  form,
  editable,
  fieldEditable,
  onChanged,
  issues = NO_ISSUES,
  focusIssues = false,
  toolbar,
}: LinesCardProps) {
  const labels = useLabels();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const grid = useRef<GridHandle<LineRow>>(null);
  // Watches which array the form holds (preserve: the whole lines, not only the fields that have
  // inputs), not its content: useWatch compares by JSON, and the lines themselves were stringified
  // twice whenever a cell's input came or went (10,000 lines: most of each scrolled frame).
  // The card renders again for a new array and reads the lines from the form.
  const selectVersion = useCallback((values: Row) => arrayVersion(values[collection]), [collection]);
  Form.useWatch(selectVersion, { form, preserve: true });
  // The grid's row of each line stays the same object while the line does (rows kept by the
  // table, no copy of every line on each render).
  const lineRows = useRef(new WeakMap<Row, LineRow>());
  const lastData = useRef<LineRow[]>([]);
  const { side, userId } = useSession();
  const names = lineColumns(header, line, side);
  const known = knownEntities(header);
  const summed = names.filter((name) => {
    const kind = line.fields[name]?.kind;
    return kind === 'amount' || kind === 'quantity' || line.list.summary?.includes(name);
  });
  const writable = names.map((name) => {
    const field = line.fields[name];
    // A field naming its own sides is the caller's to decide (a reviewer's points on a reply the
    // supplier may otherwise edit).
    const own = !!fieldEditable && !!field?.writableBy;
    return !!field && isClientWritable(field) && ((editable && !own) || !!fieldEditable?.(name, field));
  });
  // The same columns while their names and rights are (a new set makes the grid sum the lines again).
  const columnsKey = JSON.stringify([names, writable]);
  const columns = useMemo<GridColumn<LineRow>[]>(() => {
    const [keys, rights] = JSON.parse(columnsKey) as [string[], boolean[]];
    return keys.map((name, index) => {
      const field = line.fields[name];
      return {
        key: name,
        title: labels.field(line.name, name),
        width: inputWidth(field),
        align: isRightAligned(field) ? 'right' : 'left',
        field,
        // A field that applies to some rows only (an answer's text on a text question), or that
        // only the user a row names changes (an inspector's own scores).
        editable:
          rights[index] && (field?.appliesWhen || field?.writableByUserIn)
            ? (row: LineRow) =>
                (!field.appliesWhen || field.appliesWhen(row as unknown as Row)) &&
                (!field.writableByUserIn || (row as unknown as Row)[field.writableByUserIn] === userId)
            : rights[index],
        validate: field?.required ? { required: true } : undefined,
        // What picking a reference brings (a delivery-note line's order line: its material,
        // specification and unit) shows in the line at once, before the save.
        onPicked:
          field?.kind === 'ref' && field.brings?.length
            ? ({ row }: CellContext<LineRow>, target: Row | null) => {
                for (const [brought, value] of Object.entries(broughtBy(line, name, target)))
                  form.setFieldValue([collection, row.__name, brought], value);
              }
            : undefined,
      };
    });
  }, [columnsKey, line, labels, form, collection, userId]);
  const someEditable = editable || columns.some((column) => column.editable);

  // The issue last shown, for "next"; the grid row of a line is found through the rows last given.
  const [shownIssue, setShownIssue] = useState<LineIssue | null>(null);
  const showIssue = useCallback((issue: LineIssue | null) => {
    setShownIssue(issue);
    const row = issue ? lastData.current[issue.index] : undefined;
    if (issue && row) grid.current?.scrollToRow(row.__key, issue.field);
  }, []);
  useEffect(() => {
    setShownIssue(null);
    if (focusIssues && issues.length) showIssue(issues[0]!);
  }, [issues, focusIssues, showIssue]);

  // A line added by 新增行 takes the focus in its first input after the line number (the
  // material), so the person types on; the grid scrolls to it, also sideways when the last line
  // was typed far to the right (centred: the fixed columns on the left would cover it).
  const card = useRef<HTMLDivElement>(null);
  const focusLine = useRef<{ index: number; asked: boolean } | null>(null);
  const firstInput = names.find((name, index) => writable[index] && !line.fields[name]?.sequence);
  useEffect(() => {
    const wanted = focusLine.current;
    if (!wanted || !firstInput) return;
    const input = card.current?.querySelector<HTMLElement>(
      `[id$="_${collection}_${wanted.index}_${firstInput}"]`,
    );
    if (input) {
      focusLine.current = null;
      input.focus();
      input.scrollIntoView({ block: 'nearest', inline: 'center' });
      return;
    }
    // A long grid draws an input only for the cell being edited: make the new line's the one.
    const row = lastData.current[wanted.index];
    if (row && !wanted.asked) {
      wanted.asked = true;
      grid.current?.scrollToRow(row.__key, firstInput);
    }
  });

  // One function while the labels stay: a new one would draw every cell of the grid again.
  const wrapEditor = useCallback(
    (editor: ReactElement, { row, column }: CellContext<LineRow>) => (
      <Form.Item
        name={[row.__name, column.key]}
        rules={column.field ? fieldRules(column.field, labels) : undefined}
        className="srm-grid-form-item"
        style={{ margin: 0 }}
      >
        {editor}
      </Form.Item>
    ),
    [labels],
  );

  return (
    <Form.List name={collection}>
      {(items, { add, remove }) => {
        const rows = (form.getFieldValue(collection) as Row[] | undefined) ?? [];
        const indexOf = (key: number) => items.findIndex((item) => item.key === key);
        const chosen = selected.map(indexOf).filter((index) => index >= 0);
        const requireSelection = () => {
          if (chosen.length) return true;
          void message.warning(labels.t('ui.edit.lines.selectFirst'));
          return false;
        };
        const next: LineRow[] = items.map((item) => {
          const row = rows[item.name] ?? EMPTY_ROW;
          let lineRow = lineRows.current.get(row);
          if (!lineRow || lineRow.__key !== item.key || lineRow.__name !== item.name) {
            lineRow = { ...row, __key: item.key, __name: item.name };
            lineRows.current.set(row, lineRow);
          }
          return lineRow;
        });
        // The same array for the same rows: the grid then neither sums nor flattens them again.
        const previous = lastData.current;
        const data =
          previous.length === next.length && next.every((row, index) => row === previous[index])
            ? previous
            : next;
        lastData.current = data;
        const open = issues.length ? openIssues(issues, rows) : NO_ISSUES;
        const cellIssues = new Map<string, string>();
        for (const issue of open) {
          const item = items[issue.index];
          if (item) cellIssues.set(`${item.key}|${issue.field}`, issue.reason);
        }
        const current =
          shownIssue &&
          open.some((issue) => issue.index === shownIssue.index && issue.field === shownIssue.field)
            ? shownIssue
            : null;
        return (
          <Card
            ref={card}
            size="small"
            title={labels.field(header.name, collection)}
            extra={
              <Space size={12}>
                {open.length > 0 && (
                  <Space size={8} className="srm-lines-issues">
                    <Typography.Text type="danger" data-testid="line-issues">
                      {current
                        ? labels.t('ui.edit.lines.issueAt', { count: open.length, issue: current.text })
                        : labels.t('ui.edit.lines.issues', { count: open.length })}
                    </Typography.Text>
                    <Button
                      size="small"
                      danger
                      onClick={() => showIssue(nextIssue(open, current ?? shownIssue))}
                    >
                      {labels.t('ui.edit.lines.nextIssue')}
                    </Button>
                  </Space>
                )}
                <Typography.Text type="secondary">
                  {labels.t('ui.edit.lines.count', { count: items.length })}
                </Typography.Text>
              </Space>
            }
          >
            <EditableGrid<LineRow>
              ref={grid}
              name={`lines:${line.name}`}
              rowKey="__key"
              data={data}
              columns={columns}
              isEdit={someEditable}
              editTrigger={items.length > CLICK_TO_EDIT_ABOVE ? 'click' : 'always'}
              knownEntities={known}
              cellIssues={cellIssues}
              isShowPage={false}
              selection={editable}
              onSelectionChange={(chosenRows) => setSelected(chosenRows.map((row) => row.__key))}
              showSummary={summed.length > 0 && items.length > 0}
              footerConfig={{ summaryFields: summed }}
              empty={labels.t(editable ? 'ui.edit.lines.empty' : 'ui.list.empty')}
              wrapEditor={wrapEditor}
              toolbarExtra={
                editable && (
                  <Space>
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => {
                        add(numberedLine(line, rows, defaultValues(line)));
                        focusLine.current = { index: rows.length, asked: false };
                        onChanged();
                      }}
                    >
                      {labels.t('ui.edit.lines.add')}
                    </Button>
                    <Button
                      icon={<CopyOutlined />}
                      onClick={() => {
                        if (!requireSelection()) return;
                        const added: Row[] = [];
                        for (const index of chosen) {
                          const copy = numberedLine(
                            line,
                            [...rows, ...added],
                            copyLine(line, rows[index] ?? {}),
                          );
                          added.push(copy);
                          add(copy);
                        }
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
                    {toolbar}
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
