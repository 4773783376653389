// A fixed report's screen (catalogue §2.15): filters on top with 查询 / 重置, a chart of the rows,
// the rows in a grid with a total per currency, and 导出 — the same rows as an xlsx from the
// report endpoint's `exportExcel` (the engine's sheet), in the grid's columns and titles. The
// report is a declared endpoint answering `{ rows, truncated }`; amounts come as decimal strings
// at their currency's places and are added up exactly here.
import { type ReactNode, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExportOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Input,
  Row as GridRow,
  Select,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { EChartsCoreOption } from 'echarts/core';
import { type RefField, dec, formatDateTime } from '@srm/kernel';
import { ChartBox } from '../charts/ChartBox';
import { saveFile } from '../attachments/fileApi';
import { ApiFailure, request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { useSession } from '../context/session';
import { exportFileName } from '../excel/excelApi';
import { DateInput } from '../fields/DateInput';
import { RefSelect } from '../fields/RefSelect';

/** How a column shows its value (and is summed, for amounts). */
export type ReportCell = 'text' | 'amount' | 'number' | 'date' | 'datetime' | { readonly lookup: string };

export interface ReportColumn<R> {
  readonly key: keyof R & string;
  readonly kind: ReportCell;
  readonly width?: number;
  /** Kept on the left while the grid scrolls sideways. */
  readonly fixed?: boolean;
  /** A number column added up in the totals (amounts always are). */
  readonly total?: boolean;
}

export type ReportFilter =
  | { readonly name: string; readonly kind: 'text' | 'date' | 'checkbox' }
  | { readonly name: string; readonly kind: 'ref'; readonly field: RefField }
  | {
      readonly name: string;
      readonly kind: 'lookup';
      readonly lookup: string;
      readonly codes: readonly string[];
    };

export interface ReportPageProps<R> {
  /** The report endpoint (`/api/srm/v1/{entity}Restful/{name}`). */
  readonly path: string;
  /** Label prefix of the report's texts: `{prefix}.title`, `{prefix}.{column}`, `{prefix}.{filter}`. */
  readonly labels: string;
  readonly filters: readonly ReportFilter[];
  readonly columns: readonly ReportColumn<R>[];
  readonly rowKey: keyof R & string;
  /** The rows' currency column: totals and the chart are per currency. */
  readonly currency?: keyof R & string;
  /** The chart of one currency's rows (the currency with most rows), or null for none. */
  readonly chart?: (rows: readonly R[], t: (key: string) => string) => EChartsCoreOption | null;
  readonly testId?: string;
}

type Values = Record<string, unknown>;
const PAGE_ROWS = 20;

const given = (values: Values) =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  );

/** A decimal string with thousands separators, its places kept. */
export function amountText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const [whole = '', fraction] = String(value).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A column's total as the column shows its values (amounts at the places their values have). */
function totalText(
  kind: ReportCell,
  total: { sum: ReturnType<typeof dec>; places: number } | undefined,
): string {
  if (!total) return '';
  return kind === 'amount' ? amountText(total.sum.toFixed(total.places)) : total.sum.toFixed(total.places);
}

/** A column of a report's export: its key in the report's rows, its title, its width. */
export interface ReportExportColumn {
  readonly key: string;
  readonly title: string;
  readonly width?: number | undefined;
}

/**
 * 导出 of a report screen: the rows of the applied filters as an xlsx written by the server from
 * the same report (`{path}/exportExcel`, the endpoint's sheet), in the screen's columns and titles,
 * named after the report and the moment; the outcome said in a message.
 */
export function useReportExport(path: string) {
  const api = useApi();
  const labels = useLabels();
  const { timeZone } = useSession();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportRows = async (
    requestParams: Readonly<Record<string, unknown>>,
    columns: readonly ReportExportColumn[],
    title: string,
  ) => {
    setExporting(true);
    try {
      const file = await api.download(`${path}/exportExcel`, {
        requestParams,
        columns,
        fileName: exportFileName(title, Date.now(), timeZone),
      });
      saveFile(file);
      void message.success(labels.t('ui.excel.exported', { fileName: file.fileName }));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportRows };
}

export function ReportPage<R extends object>(props: ReportPageProps<R>) {
  const { path, filters, columns, rowKey, currency, chart } = props;
  const api = useApi();
  const labels = useLabels();
  const { timeZone } = useSession();
  const t = (key: string) => labels.t(`${props.labels}.${key}`);
  const [draft, setDraft] = useState<Values>({});
  const [applied, setApplied] = useState<Values>({});
  const [page, setPage] = useState(1);
  const { exporting, exportRows } = useReportExport(path);
  const report = useQuery({
    queryKey: ['report', path, applied],
    queryFn: async () => (await request<{ rows: R[]; truncated: boolean }>(api, path, given(applied))).data,
  });
  const rows = useMemo(() => report.data?.rows ?? [], [report.data]);
  const cell = (row: R, key: keyof R & string): unknown => row[key];
  const search = () => {
    setApplied(draft);
    setPage(1);
  };

  // Totals of the amount columns, one line per currency.
  const totals = useMemo(() => {
    const byCurrency = new Map<string, Record<string, { sum: ReturnType<typeof dec>; places: number }>>();
    for (const row of rows) {
      const code = currency ? String(cell(row, currency) ?? '') : '';
      const sums = byCurrency.get(code) ?? {};
      for (const column of columns) {
        if (column.kind !== 'amount' && !column.total) continue;
        const value = cell(row, column.key);
        if (value === null || value === undefined || value === '') continue;
        const text = String(value);
        const now = sums[column.key];
        sums[column.key] = {
          sum: (now?.sum ?? dec(0)).add(dec(text)),
          places: Math.max(now?.places ?? 0, text.split('.')[1]?.length ?? 0),
        };
      }
      byCurrency.set(code, sums);
    }
    return [...byCurrency.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  }, [rows, columns, currency]);

  // The chart shows the currency with most rows (amounts of two currencies do not add up).
  const option = useMemo(() => {
    if (!chart || !rows.length) return null;
    const counts = new Map<string, number>();
    for (const row of rows) {
      const code = currency ? String(cell(row, currency) ?? '') : '';
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
    const [main] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [''];
    return chart(
      rows.filter((row) => !currency || String(cell(row, currency) ?? '') === main),
      t,
    );
  }, [rows, chart, currency]);

  const show = (kind: ReportCell, value: unknown): ReactNode => {
    if (value === null || value === undefined || value === '') return '—';
    if (kind === 'amount') return amountText(value);
    if (kind === 'datetime')
      return typeof value === 'number' ? formatDateTime(value, timeZone) : String(value);
    if (typeof kind === 'object') return labels.code(kind.lookup, String(value));
    return String(value);
  };
  const numeric = (kind: ReportCell) => kind === 'amount' || kind === 'number';
  const gridColumns: ColumnsType<R> = columns.map((column) => ({
    key: column.key,
    title: t(column.key),
    width: column.width ?? (numeric(column.kind) ? 120 : 140),
    ellipsis: !numeric(column.kind),
    ...(column.fixed ? { fixed: 'left' as const } : {}),
    ...(numeric(column.kind) ? { align: 'right' as const } : {}),
    render: (_value: unknown, row: R) => show(column.kind, cell(row, column.key)),
  }));
  const width = gridColumns.reduce((sum, column) => sum + Number(column.width ?? 120), 0);

  const control = (filter: ReportFilter): ReactNode => {
    const set = (value: unknown) => setDraft((now) => ({ ...now, [filter.name]: value }));
    const value = draft[filter.name];
    switch (filter.kind) {
      case 'text':
        return (
          <Input
            allowClear
            placeholder={labels.t('ui.placeholder.input')}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => set(event.target.value)}
            onPressEnter={search}
          />
        );
      case 'date':
        return <DateInput kind="date" value={value ?? null} onChange={set} />;
      case 'checkbox':
        return (
          <Checkbox checked={value === 'Y'} onChange={(event) => set(event.target.checked ? 'Y' : null)} />
        );
      case 'ref':
        return <RefSelect field={filter.field} row={{}} value={value ?? null} onChange={set} />;
      case 'lookup':
        return (
          <Select
            allowClear
            style={{ width: '100%' }}
            placeholder={labels.t('ui.placeholder.select')}
            value={typeof value === 'string' ? value : undefined}
            onChange={(next) => set(next ?? null)}
            options={filter.codes.map((code) => ({ value: code, label: labels.code(filter.lookup, code) }))}
          />
        );
    }
  };

  return (
    <Flex vertical gap={12} data-testid={props.testId}>
      <Card size="small">
        <GridRow gutter={[16, 12]}>
          {filters.map((filter) => (
            <Col span={6} key={filter.name}>
              <Flex align="center" gap={8}>
                <Typography.Text style={{ width: 96, textAlign: 'right', flex: 'none' }}>
                  {t(filter.name)}
                </Typography.Text>
                <div style={{ flex: 1, minWidth: 0 }}>{control(filter)}</div>
              </Flex>
            </Col>
          ))}
          <Col flex="auto">
            <Flex justify="flex-end" gap={8}>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  setDraft({});
                  setApplied({});
                  setPage(1);
                }}
              >
                {labels.t('ui.list.reset')}
              </Button>
              <Button type="primary" icon={<SearchOutlined />} onClick={search}>
                {labels.t('ui.list.search')}
              </Button>
            </Flex>
          </Col>
        </GridRow>
      </Card>
      {option && (
        <Card size="small">
          <ChartBox option={option} height={260} label={t('chart')} />
        </Card>
      )}
      <Card
        size="small"
        title={t('title')}
        extra={
          <Button
            icon={<ExportOutlined />}
            loading={exporting}
            disabled={!rows.length}
            onClick={() =>
              void exportRows(
                given(applied),
                columns.map((column) => ({ key: column.key, title: t(column.key), width: column.width })),
                t('title'),
              )
            }
          >
            {labels.t('ui.excel.export')}
          </Button>
        }
      >
        {report.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 8 }}
            title={report.error instanceof ApiFailure ? report.error.message : String(report.error)}
          />
        )}
        {report.data?.truncated && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            title={labels.t('ui.report.truncated')}
          />
        )}
        <Table<R>
          size="small"
          bordered
          rowKey={(row) => String(cell(row, rowKey))}
          loading={report.isFetching}
          columns={gridColumns}
          dataSource={rows}
          scroll={{ x: width, y: 'calc(100vh - 560px)' }}
          pagination={{
            current: page,
            pageSize: PAGE_ROWS,
            showSizeChanger: false,
            showTotal: (total) => labels.t('ui.list.total', { total }),
            onChange: setPage,
          }}
          summary={() =>
            totals.length ? (
              <Table.Summary fixed>
                {totals.map(([code, sums]) => (
                  <Table.Summary.Row key={code}>
                    {columns.map((column, index) => (
                      <Table.Summary.Cell
                        key={column.key}
                        index={index}
                        align={numeric(column.kind) ? 'right' : 'left'}
                      >
                        {index === 0
                          ? `${labels.t('ui.report.total')}${code ? ` (${code})` : ''}`
                          : totalText(column.kind, sums[column.key])}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                ))}
              </Table.Summary>
            ) : null
          }
        />
      </Card>
    </Flex>
  );
}
