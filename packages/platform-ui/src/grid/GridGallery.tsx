// The grid gallery (toolkit/grid): every cell type and feature of the editable and paged grids
// live with sample data, for people and for the browser tests and the benchmark
// (`?bench=1&rows=10000&cols=30` shows only the wide grid and reports its first render).
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DeleteOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, List, Modal, Progress, Segmented, Space, Tag, Typography } from 'antd';
import { MODAL_Z_INDEX, mul, round } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { useScreen } from '../screens/ScreenContext';
import { statusColor } from '../workflow/statusColor';
import { EditableGrid, type GridHandle } from './EditableGrid';
import { gallerySuppliers, galleryLines, pagedSample, wideRows } from './galleryData';
import { sortRows } from './gridLogic';
import { PagedGrid } from './PagedGrid';
import type { CellContext, GridColumn, GridRow, PageRequest, PagedResponse } from './types';

const t = (key: string) => `ui.gridGallery.${key}`;

/**
 * The wide grid of the virtual-scrolling demonstration. It reports its first render: from the
 * moment its rows exist (generated in memory, as rows just received) to the first frame painted
 * with them (a message posted from requestAnimationFrame is delivered once that frame is
 * painted), as `data-render-ms`, and that moment since the navigation began as `data-painted-at`.
 */
function WideGrid({ rows, columns }: { rows: number; columns: number }) {
  const labels = useLabels();
  const [data, readyAt] = useMemo(() => {
    const generated = wideRows(rows, columns);
    return [generated, performance.now()] as const;
  }, [rows, columns]);
  const gridColumns = useMemo<GridColumn[]>(
    () =>
      Array.from({ length: columns }, (_, index) => ({
        key: `c${index}`,
        title: `${labels.t(t('column'))} ${index + 1}`,
        width: index % 4 === 0 ? 130 : 110,
        cellType:
          index % 4 === 1 ? ('number' as const) : index % 4 === 2 ? ('date' as const) : ('text' as const),
        precision: index % 4 === 1 ? 2 : undefined,
        sortable: index < 4,
        fixed: index === 0 ? ('left' as const) : undefined,
      })),
    [columns, labels],
  );
  const [painted, setPainted] = useState<{ ms: number; at: number } | null>(null);
  useLayoutEffect(() => {
    let cancelled = false;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const at = performance.now();
        if (!cancelled) setPainted({ ms: Math.round(at - readyAt), at: Math.round(at) });
      };
      channel.port2.postMessage(null);
    });
    return () => {
      cancelled = true;
    };
  }, [readyAt]);
  const renderMs = painted?.ms ?? null;
  // The same element when the time arrives: reporting it does not render the grid again.
  const grid = useMemo(
    () => (
      <EditableGrid
        name="toolkit:wide"
        columns={gridColumns}
        data={data}
        isShowPage={false}
        selection
        showSummary
        footerConfig={{ summaryFields: ['c1', 'c5'], meanNumFields: ['c9'] }}
        height={480}
        columnSettings={false}
      />
    ),
    [gridColumns, data],
  );
  return (
    <div data-testid="wide-grid" data-render-ms={renderMs ?? undefined} data-painted-at={painted?.at}>
      <Typography.Paragraph type="secondary">
        {labels.t(t('wideInfo'), { rows: rows.toLocaleString(), columns })}
        {renderMs !== null && <> {labels.t(t('renderTime'), { ms: renderMs })}</>}
      </Typography.Paragraph>
      {grid}
    </div>
  );
}

function SupplierPicker({ context, onClose }: { context: CellContext | null; onClose(): void }) {
  const labels = useLabels();
  return (
    <Modal
      open={!!context}
      title={labels.t(t('pickSupplier'))}
      footer={null}
      zIndex={MODAL_Z_INDEX}
      onCancel={onClose}
    >
      <List
        dataSource={gallerySuppliers(labels.locale)}
        renderItem={(supplier) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            onClick={() => {
              context?.patch({ supplierCode: supplier.code, supplierName: supplier.name });
              onClose();
            }}
          >
            <Typography.Text code>{supplier.code}</Typography.Text> {supplier.name}
          </List.Item>
        )}
      />
    </Modal>
  );
}

function NoteModal({ context, onClose }: { context: CellContext | null; onClose(): void }) {
  const labels = useLabels();
  const [text, setText] = useState('');
  return (
    <Modal
      open={!!context}
      title={labels.t(t('noteTitle'))}
      zIndex={MODAL_Z_INDEX}
      afterOpenChange={(open) => open && setText(String(context?.value ?? ''))}
      onCancel={onClose}
      onOk={() => {
        context?.setValue(text);
        onClose();
      }}
    >
      <Input.TextArea rows={4} value={text} onChange={(event) => setText(event.target.value)} />
    </Modal>
  );
}

function CellTypesCard() {
  const labels = useLabels();
  const { message } = App.useApp();
  const [rows, setRows] = useState<GridRow[]>(() => galleryLines(labels.locale));
  const [mode, setMode] = useState<'edit' | 'view'>('edit');
  const [picking, setPicking] = useState<CellContext | null>(null);
  const [noting, setNoting] = useState<CellContext | null>(null);
  const [selected, setSelected] = useState<GridRow[]>([]);
  const grid = useRef<GridHandle>(null);
  const say = (text: string) => void message.info(text);
  const f = (key: string) => labels.t(`ui.gridGallery.field.${key}`);

  const columns: GridColumn[] = [
    {
      key: 'choose',
      title: labels.t(t('current')),
      cellType: 'type',
      type: 'radio',
      width: 56,
      fixed: 'left',
      resizable: false,
    },
    {
      key: 'itemCode',
      title: f('itemCode'),
      cellType: 'text',
      fixed: 'left',
      width: 130,
      sortable: true,
      validate: { required: true },
    },
    { key: 'itemName', title: f('itemName'), cellType: 'text', width: 180, sortable: true },
    { key: 'remark', title: f('remark'), cellType: 'textarea', width: 160 },
    {
      key: 'quantity',
      title: f('quantity'),
      cellType: 'number',
      min: 0,
      max: 1000000,
      precision: 3,
      step: 1,
      showThousandSeparator: true,
      sortable: true,
      isSummary: true,
      validate: { required: true },
    },
    {
      key: 'unit',
      title: f('unit'),
      cellType: 'lookup',
      width: 90,
      options: [
        { value: 'PCS', label: labels.t(t('unit.PCS')) },
        { value: 'KG', label: labels.t(t('unit.KG')) },
        { value: 'M', label: labels.t(t('unit.M')) },
        { value: 'SET', label: labels.t(t('unit.SET')) },
      ],
    },
    { key: 'price', title: f('price'), cellType: 'price', min: 0, precision: 4, showThousandSeparator: true },
    {
      key: 'taxRate',
      title: f('taxRate'),
      cellType: 'number',
      min: 0,
      max: 100,
      precision: 0,
      step: 1,
      width: 90,
    },
    {
      key: 'amount',
      title: f('amount'),
      cellType: 'compute',
      precision: 2,
      showThousandSeparator: true,
      align: 'right',
      compute: (row) =>
        typeof row.quantity === 'number' && typeof row.price === 'number'
          ? round(mul(row.quantity, row.price), 2)
          : null,
    },
    { key: 'country', title: f('country'), cellType: 'lookup', typeCode: 'BASE_COUNTRY', width: 100 },
    {
      key: 'supplierCode',
      title: f('supplier'),
      cellType: 'editlookup',
      displayKey: 'supplierName',
      width: 220,
      onLookup: (context) => setPicking(context as CellContext),
    },
    {
      key: 'schedule',
      title: f('schedule'),
      cellType: 'colGroup',
      children: [
        { key: 'needDate', title: f('needDate'), cellType: 'date', width: 130 },
        { key: 'validRange', title: f('validRange'), cellType: 'daterange', width: 230 },
        { key: 'createdAt', title: f('createdAt'), cellType: 'datetime', width: 180 },
        { key: 'window', title: f('window'), cellType: 'datetimerange', width: 330 },
      ],
    },
    { key: 'year', title: f('year'), cellType: 'year', width: 90 },
    { key: 'month', title: f('month'), cellType: 'month', width: 110 },
    { key: 'time', title: f('time'), cellType: 'time', width: 110 },
    { key: 'urgent', title: f('urgent'), cellType: 'checkbox', width: 70 },
    {
      key: 'inspected',
      title: f('inspected'),
      cellType: 'icon',
      width: 80,
      showIcon: { trueValue: 'Y', falseValue: 'N' },
      onClick: (row) => say(labels.t(t('iconClicked'), { item: String(row.itemCode) })),
    },
    {
      key: 'status',
      title: f('status'),
      cellType: 'slot',
      width: 100,
      render: ({ value }) => (
        <Tag color={statusColor(String(value))}>{labels.t(`ui.gridGallery.status.${String(value)}`)}</Tag>
      ),
    },
    {
      key: 'progress',
      title: f('progress'),
      cellType: 'viewSlot',
      editType: 'number',
      min: 0,
      max: 100,
      precision: 0,
      width: 140,
      render: ({ value }) => <Progress percent={Number(value ?? 0)} size="small" />,
    },
    {
      key: 'attachmentIds',
      title: f('attachments'),
      cellType: 'upload',
      width: 120,
      attachmentConfig: { path: 'toolkit', functionId: 'toolkitGallery', maxCount: 5 },
    },
    {
      key: 'note',
      title: f('note'),
      cellType: 'modal',
      width: 150,
      onLookup: (context) => setNoting(context as CellContext),
    },
    {
      key: 'orderNumber',
      title: f('orderNumber'),
      cellType: 'linkTag',
      width: 150,
      onClick: (row) => say(labels.t(t('linkClicked'), { number: String(row.orderNumber) })),
    },
    {
      key: 'check',
      title: f('check'),
      cellType: 'button',
      label: labels.t(t('checkStock')),
      width: 100,
      onClick: (row) => say(labels.t(t('stockOk'), { item: String(row.itemCode) })),
    },
    {
      key: 'operate',
      title: labels.t('ui.list.operation'),
      cellType: 'tableOperate',
      fixed: 'right',
      width: 110,
      buttons: [
        { key: 'view', label: labels.t('ui.list.view'), onClick: (row) => say(String(row.itemName)) },
        {
          key: 'delete',
          label: labels.t('ui.list.delete'),
          danger: true,
          show: () => mode === 'edit',
          onClick: (row) => setRows((current) => current.filter((item) => item !== row)),
        },
      ],
    },
  ];

  return (
    <Card size="small" title={labels.t(t('cellTypes'))} data-testid="gallery-cells">
      <EditableGrid
        ref={grid}
        name="toolkit:cellTypes"
        columns={columns}
        data={rows}
        onDataChange={setRows}
        isEdit={mode === 'edit'}
        editTrigger="click"
        isShowPage={false}
        selection
        onSelectionChange={setSelected}
        expand={(row) => (
          <Typography.Text type="secondary">
            {labels.t(t('expanded'), {
              item: String(row.itemName),
              supplier: String(row.supplierName ?? ''),
            })}
          </Typography.Text>
        )}
        showSummary
        footerConfig={{ summaryFields: ['quantity', 'amount'], meanNumFields: ['price', 'taxRate'] }}
        height={420}
        toolbarExtra={
          <>
            <Segmented
              value={mode}
              onChange={(value) => setMode(value as 'edit' | 'view')}
              options={[
                { value: 'edit', label: labels.t(t('modeEdit')) },
                { value: 'view', label: labels.t(t('modeView')) },
              ]}
            />
            <Button
              icon={<PlusOutlined />}
              disabled={mode !== 'edit'}
              onClick={() =>
                setRows((current) => [
                  ...current,
                  {
                    id: Math.max(0, ...current.map((row) => Number(row.id))) + 1,
                    itemCode: '',
                    quantity: null,
                    status: 'NEW',
                    urgent: 'N',
                    inspected: 'N',
                  },
                ])
              }
            >
              {labels.t('ui.edit.lines.add')}
            </Button>
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={mode !== 'edit' || !selected.length}
              onClick={() => {
                setRows((current) => current.filter((row) => !selected.includes(row)));
                grid.current?.clearSelection();
              }}
            >
              {labels.t('ui.edit.lines.delete')}
            </Button>
            <Button
              icon={<SafetyCertificateOutlined />}
              onClick={() => {
                const issues = grid.current?.validate() ?? [];
                if (issues.length) void message.error(labels.t('ui.edit.invalid', { count: issues.length }));
                else void message.success(labels.t(t('valid')));
              }}
            >
              {labels.t(t('validate'))}
            </Button>
          </>
        }
      />
      <SupplierPicker context={picking} onClose={() => setPicking(null)} />
      <NoteModal context={noting} onClose={() => setNoting(null)} />
    </Card>
  );
}

function PagedCard() {
  const labels = useLabels();
  const all = useMemo(() => pagedSample(1234, labels.locale), [labels.locale]);
  const [keyword, setKeyword] = useState('');
  const load = useMemo(
    () =>
      async (request: PageRequest): Promise<PagedResponse> => {
        await new Promise((resolve) => setTimeout(resolve, 120));
        const word = String(request.keyword ?? '');
        let rows = word
          ? all.filter((row) => String(row.itemName).includes(word) || String(row.docNumber).includes(word))
          : all;
        if (request.orderBy) {
          const [key, order] = request.orderBy.split(' ');
          rows = sortRows(rows, key!, order === 'desc' ? 'desc' : 'asc', labels.locale);
        }
        const start = (request.pageIndex - 1) * request.pageRows;
        return {
          data: rows.slice(start, start + request.pageRows),
          page: { count: rows.length, curIndex: request.pageIndex },
        };
      },
    [all, labels.locale],
  );
  const f = (key: string) => labels.t(`ui.gridGallery.field.${key}`);
  const columns: GridColumn[] = [
    { key: 'docNumber', title: f('docNumber'), width: 150, sortable: true },
    { key: 'itemName', title: f('itemName'), width: 180 },
    { key: 'supplierName', title: f('supplier'), width: 240 },
    { key: 'quantity', title: f('quantity'), cellType: 'number', precision: 0, sortable: true, width: 100 },
    { key: 'amount', title: f('amount'), cellType: 'amount', precision: 2, sortable: true, width: 140 },
    { key: 'score', title: f('score'), cellType: 'number', precision: 1, width: 100 },
    {
      key: 'status',
      title: f('status'),
      cellType: 'slot',
      width: 100,
      render: ({ value }) => (
        <Tag color={statusColor(String(value))}>{labels.t(`ui.gridGallery.status.${String(value)}`)}</Tag>
      ),
    },
  ];
  return (
    <Card size="small" title={labels.t(t('paged'))} data-testid="gallery-paged">
      <PagedGrid
        name="toolkit:paged"
        columns={columns}
        api={load}
        queryKey={['toolkit', 'paged', labels.locale]}
        searchParams={keyword ? { keyword } : {}}
        showSummary
        footerConfig={{
          title: labels.t(t('pageTotal')),
          summaryFields: ['quantity', 'amount'],
          meanNumFields: ['score'],
          mergeFooterItems: [{ row: 0, col: 1, rowspan: 1, colspan: 3 }],
        }}
        height={420}
        toolbarExtra={
          <Input.Search
            allowClear
            style={{ width: 240 }}
            placeholder={labels.t(t('searchPaged'))}
            onSearch={(value) => setKeyword(value.trim())}
          />
        }
      />
    </Card>
  );
}

function MergedCard() {
  const labels = useLabels();
  const f = (key: string) => labels.t(`ui.gridGallery.field.${key}`);
  const lines = galleryLines(labels.locale);
  const rows = lines.map((row, index) => ({
    ...row,
    orderNumber: `PO20261100${1 + Math.floor(index / 3)}`,
    warehouse: index % 3 === 2 ? 'WH02' : 'WH01',
  }));
  return (
    <Card size="small" title={labels.t(t('merged'))} data-testid="gallery-merged">
      <EditableGrid
        name="toolkit:merged"
        columns={[
          { key: 'orderNumber', title: f('orderNumber'), width: 160 },
          { key: 'warehouse', title: f('warehouse'), width: 100 },
          { key: 'itemCode', title: f('itemCode'), width: 130 },
          { key: 'itemName', title: f('itemName'), width: 200 },
          { key: 'quantity', title: f('quantity'), cellType: 'number', precision: 3, isSummary: true },
        ]}
        data={rows}
        isShowPage={false}
        rowSpanFields={['orderNumber', 'warehouse']}
        showSummary
        columnSettings={false}
      />
    </Card>
  );
}

function ErrorsCard() {
  const labels = useLabels();
  const few: GridRow[] = [{ id: 1, a: 'A-1' }];
  return (
    <Card size="small" title={labels.t(t('errors'))} data-testid="gallery-errors">
      <Typography.Paragraph type="secondary">{labels.t(t('errorsInfo'))}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        <EditableGrid
          name="toolkit:noApi"
          columns={[{ key: 'a', title: 'A' }]}
          columnSettings={false}
          isShowPage={false}
        />
        <EditableGrid
          name="toolkit:badColumns"
          data={few}
          isShowPage={false}
          columnSettings={false}
          columns={[
            { key: 'a', title: 'upload', cellType: 'upload' },
            { key: 'b', title: 'linkTag', cellType: 'linkTag' },
            { key: 'c', title: 'button', cellType: 'button' },
            { key: 'd', title: 'editlookup', cellType: 'editlookup' },
          ]}
        />
      </Space>
    </Card>
  );
}

export default function GridGallery() {
  const labels = useLabels();
  const { params } = useScreen();
  const bench = params.get('bench') === '1';
  const size = (name: string, fallback: number, max: number) =>
    Math.min(max, Math.max(1, Number(params.get(name)) || fallback));
  const [wide, setWide] = useState<{ rows: number; columns: number } | null>(
    bench ? { rows: size('rows', 10000, 200000), columns: size('cols', 30, 100) } : null,
  );
  if (bench && wide) return <WideGrid rows={wide.rows} columns={wide.columns} />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="grid-gallery">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {labels.t(t('intro'))}
      </Typography.Paragraph>
      <CellTypesCard />
      <PagedCard />
      <MergedCard />
      <ErrorsCard />
      <Card
        size="small"
        title={labels.t(t('virtual'))}
        extra={
          <Space>
            {[10000, 100000].map((rows) => (
              <Button key={rows} onClick={() => setWide({ rows, columns: 30 })}>
                {labels.t(t('generate'), { rows: rows.toLocaleString() })}
              </Button>
            ))}
          </Space>
        }
      >
        {wide ? (
          <WideGrid key={`${wide.rows}x${wide.columns}`} rows={wide.rows} columns={wide.columns} />
        ) : (
          <Typography.Text type="secondary">{labels.t(t('virtualInfo'))}</Typography.Text>
        )}
      </Card>
    </div>
  );
}
