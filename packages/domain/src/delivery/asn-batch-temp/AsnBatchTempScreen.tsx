// 批量暂存 (the supplier's batch temporary edit of delivery notes, ADR 0010): the draft rows in an
// editable grid — quantity, dates, ship-to, carrier, packages, lot — saved as drafts at any time;
// lines added from the open order lines and confirmed notice lines of every order; "generate
// delivery notes" turns the rows chosen (or all) into draft notes, listed with links to open them.
import { type Key, useCallback, useEffect, useMemo, useState } from 'react';
import { DeleteOutlined, PlusOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, List, Modal, Space, Table, Tabs, Typography } from 'antd';
import { type EntityDef, isClientWritable } from '@srm/kernel';
import {
  ApiFailure,
  EditableGrid,
  type GridColumn,
  fetchAll,
  request,
  useApi,
  useGranted,
  useLabels,
  useConfirm,
  useScreen,
} from '@srm/platform-ui';
import { asnBatchTemp } from './asn-batch-temp.entity';
import { asn } from '../asn/asn.entity';
import { deliveryNotice } from '../delivery-notice/delivery-notice.entity';

type Row = Record<string, unknown>;

const NOTE_EDIT = 'supplierAsnManage/supplierAsnEdit';
/** Columns the supplier edits (the rest are copied from the order or notice line). */
const EDITED = [
  'shipQuantity',
  'shipDate',
  'expectedArrivalDate',
  'shipToAddress',
  'carrierName',
  'trackingNumber',
  'packageQuantity',
  'lotNumber',
  'remark',
];

interface OpenLine extends Row {
  readonly openQuantity: number;
}

function useOpenLines() {
  const api = useApi();
  const [orders, setOrders] = useState<OpenLine[]>([]);
  const [notices, setNotices] = useState<OpenLine[]>([]);
  const reload = useCallback(async () => {
    const [orderLines, noticeLines] = await Promise.all([
      request<OpenLine[]>(api, `${asn.apiPath}/openOrderLines`, {}),
      request<OpenLine[]>(api, `${deliveryNotice.apiPath}/openNoticeLines`, {}),
    ]);
    setOrders(orderLines.data);
    setNotices(noticeLines.data);
  }, [api]);
  return { orders, notices, reload };
}

export default function AsnBatchTempScreen() {
  const entity: EntityDef = asnBatchTemp;
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const may = useGranted();
  const { message, modal } = App.useApp();
  const confirm = useConfirm();
  const open = useOpenLines();
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  const [dirty, setDirty] = useState<Set<number>>(new Set());
  const [chosen, setChosen] = useState<Row[]>([]);
  const [refused, setRefused] = useState<Set<number>>(new Set());
  const [picking, setPicking] = useState(false);
  const mayWrite = may(`${entity.name}.save`);
  const { setDirty: reportDirty } = screen;

  const reloadOpen = open.reload;
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [staged] = await Promise.all([
        fetchAll<Row>(api, `${entity.apiPath}/listByPage`, {}),
        reloadOpen(),
      ]);
      setRows(staged);
      setDirty(new Set());
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
    } finally {
      setLoading(false);
    }
  }, [api, entity.apiPath, message, reloadOpen]);
  useEffect(() => void load(), [load]);
  useEffect(() => reportDirty(dirty.size > 0), [reportDirty, dirty]);

  // What remains open on each row's line (the notice line's when it ships a notice).
  const openOf = useMemo(() => {
    const byOrder = new Map(open.orders.map((line) => [Number(line.poLineId), line.openQuantity]));
    const byNotice = new Map(open.notices.map((line) => [Number(line.noticeLineId), line.openQuantity]));
    return (row: Row) =>
      row.deliveryNoticeLineId != null
        ? (byNotice.get(Number(row.deliveryNoticeLineId)) ?? 0)
        : (byOrder.get(Number(row.poLineId)) ?? 0);
  }, [open.orders, open.notices]);

  const columns = useMemo<GridColumn<Row>[]>(() => {
    const fieldColumn = (name: string): GridColumn<Row> => {
      const field = entity.fields[name];
      return {
        key: name,
        title: labels.field(entity.name, name),
        field,
        editable: mayWrite && EDITED.includes(name) && !!field && isClientWritable(field),
        validate: field?.required ? { required: true } : undefined,
        isSummary: name === 'shipQuantity',
        ...(name === 'shipToAddress' ? { width: 220 } : {}),
        ...(field?.kind === 'date' ? { width: 150 } : {}),
      };
    };
    // 未发数量 beside the quantity shipped.
    const at = entity.list.columns.indexOf('shipQuantity');
    const [before, after] = [entity.list.columns.slice(0, at), entity.list.columns.slice(at)];
    return [
      ...before.map(fieldColumn),
      {
        key: 'openQuantity',
        title: labels.t('delivery.batch.openQuantity'),
        width: 110,
        align: 'right',
        editable: false,
        cellType: 'viewSlot',
        render: ({ row }) => {
          const left = openOf(row);
          const over = Number(row.shipQuantity ?? 0) > left;
          return <Typography.Text type={over ? 'danger' : undefined}>{left}</Typography.Text>;
        },
      },
      ...after.map(fieldColumn),
    ];
  }, [entity, labels, mayWrite, openOf]);

  const save = async (): Promise<boolean> => {
    const changed = rows.filter((row) => dirty.has(Number(row.batchTempId)));
    if (!changed.length) return true;
    setBusy('save');
    try {
      const bodies = changed.map((row) => {
        const body: Row = { batchTempId: row.batchTempId, versionNum: row.versionNum };
        for (const name of EDITED) body[name] = row[name] ?? null;
        return body;
      });
      await request(api, `${entity.apiPath}/doBatchSaveOrUpdate`, bodies);
      void message.success(labels.t('delivery.batch.saved', { count: changed.length }));
      await load();
      return true;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!chosen.length) {
      void message.warning(labels.t('delivery.batch.noneChosen'));
      return;
    }
    setBusy('delete');
    try {
      await request(api, `${entity.apiPath}/doBatchDelete`, { ids: chosen.map((row) => row.batchTempId) });
      void message.success(labels.t('delivery.batch.deleted', { count: chosen.length }));
      setChosen([]);
      await load();
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
    } finally {
      setBusy(null);
    }
  };

  const generate = async () => {
    if (dirty.size) {
      void message.warning(labels.t('delivery.batch.unsaved'));
      return;
    }
    const ids = chosen.map((row) => row.batchTempId);
    const count = ids.length || rows.length;
    const confirmed = await confirm({
      title: labels.t('delivery.batch.generate'),
      content: labels.t('delivery.batch.generateConfirm', { count }),
    });
    if (!confirmed) return;
    setBusy('generate');
    try {
      const answer = await request<{ notes: Row[] }>(
        api,
        `${entity.apiPath}/generateAsn`,
        ids.length ? { ids } : {},
      );
      setRefused(new Set());
      setChosen([]);
      await load();
      const notes = answer.data.notes;
      modal.success({
        title: labels.t('delivery.batch.generated', { count: notes.length }),
        width: 560,
        content: (
          <List
            size="small"
            dataSource={notes}
            renderItem={(note) => (
              <List.Item
                actions={[
                  <Typography.Link
                    key="open"
                    onClick={() => {
                      Modal.destroyAll();
                      screen.open(NOTE_EDIT, { asnHeaderId: Number(note.asnHeaderId) });
                    }}
                  >
                    {labels.t('delivery.batch.open')}
                  </Typography.Link>,
                ]}
              >
                <Space direction="vertical" size={0}>
                  <Typography.Text strong data-asn-number>
                    {String(note.asnNumber)}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {[note.orgName, note.shipDate, note.shipToAddress].filter(Boolean).join(' · ')} ·{' '}
                    {labels.t('ui.edit.lines.count', { count: Number(note.lineCount) })}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        ),
      });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      // The rows the refusal names come back as `rows.<id>`: marked in the grid.
      setRefused(
        new Set(
          error.issues
            .map((issue) => /^rows\.(\d+)$/.exec(issue.path)?.[1])
            .filter((id): id is string => !!id)
            .map(Number),
        ),
      );
      modal.error({ title: labels.t('delivery.batch.generate'), content: error.message });
    } finally {
      setBusy(null);
    }
  };

  const add = async (lines: Row[]) => {
    setBusy('add');
    try {
      const answer = await request<{ ids: number[] }>(api, `${entity.apiPath}/addLines`, { lines });
      void message.success(labels.t('delivery.batch.added', { count: answer.data.ids.length }));
      setPicking(false);
      await load();
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
    } finally {
      setBusy(null);
    }
  };

  const startAdding = async () => {
    if (dirty.size && !(await save())) return;
    setPicking(true);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Alert type="info" showIcon title={labels.t('delivery.batch.hint')} />
      <Card size="small" title={labels.t('delivery.batch.title')}>
        <EditableGrid<Row>
          name="supplierAsnBatchTemp"
          rowKey="batchTempId"
          data={rows}
          columns={columns}
          isEdit={mayWrite}
          editTrigger="always"
          knownEntities={[entity]}
          isShowPage={false}
          // Tens of draft rows, each with inputs: no virtual rows (a focused input keeps its place).
          virtual={false}
          selection={mayWrite}
          showIndex
          showSummary={rows.length > 0}
          footerConfig={{ summaryFields: ['shipQuantity'] }}
          onSelectionChange={setChosen}
          onDataChange={(next) => {
            const changed = new Set(dirty);
            next.forEach((row, index) => {
              if (row !== rows[index]) changed.add(Number(row.batchTempId));
            });
            setRows(next);
            setDirty(changed);
          }}
          empty={loading ? undefined : labels.t('delivery.batch.empty')}
          toolbarExtra={
            mayWrite && (
              <Space wrap>
                <Button icon={<PlusOutlined />} onClick={() => void startAdding()} disabled={busy !== null}>
                  {labels.t('delivery.batch.addOrderLines')}
                </Button>
                <Button
                  icon={<SaveOutlined />}
                  type={dirty.size ? 'primary' : 'default'}
                  loading={busy === 'save'}
                  disabled={busy !== null && busy !== 'save'}
                  onClick={() => void save()}
                >
                  {labels.t('delivery.batch.save')}
                </Button>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  loading={busy === 'delete'}
                  disabled={busy !== null && busy !== 'delete'}
                  onClick={() => void remove()}
                >
                  {labels.t('delivery.batch.delete')}
                </Button>
                {may(`${entity.name}.generateAsn`) && (
                  <Button
                    type="primary"
                    icon={<SendOutlined />}
                    loading={busy === 'generate'}
                    disabled={!rows.length || (busy !== null && busy !== 'generate')}
                    onClick={() => void generate()}
                  >
                    {chosen.length
                      ? labels.t('delivery.batch.generateSelected', { count: chosen.length })
                      : labels.t('delivery.batch.generate')}
                  </Button>
                )}
              </Space>
            )
          }
        />
        {refused.size > 0 && (
          <Typography.Text type="danger" data-refused-rows>
            {labels.t('delivery.batch.refusedRows', {
              rows: rows
                .map((row, index) => (refused.has(Number(row.batchTempId)) ? index + 1 : null))
                .filter((index): index is number => index !== null)
                .join(', '),
            })}
          </Typography.Text>
        )}
      </Card>
      <LinePicker
        open={picking}
        orders={open.orders}
        notices={open.notices}
        busy={busy === 'add'}
        onCancel={() => setPicking(false)}
        onAdd={(lines) => void add(lines)}
      />
    </div>
  );
}

interface LinePickerProps {
  readonly open: boolean;
  readonly orders: readonly OpenLine[];
  readonly notices: readonly OpenLine[];
  readonly busy: boolean;
  onCancel(): void;
  onAdd(lines: Row[]): void;
}

/** 添加行: the open order lines and confirmed notice lines of every order, chosen with checkboxes. */
function LinePicker({ open, orders, notices, busy, onCancel, onAdd }: LinePickerProps) {
  const labels = useLabels();
  const [tab, setTab] = useState('orders');
  const [orderKeys, setOrderKeys] = useState<Key[]>([]);
  const [noticeKeys, setNoticeKeys] = useState<Key[]>([]);
  useEffect(() => {
    if (!open) return;
    setOrderKeys([]);
    setNoticeKeys([]);
  }, [open]);
  const f = (name: string) => labels.field('srmPurAsnBatchTemp', name);
  const common = [
    { key: 'itemCode', dataIndex: 'itemCode', title: f('itemCode'), width: 110 },
    { key: 'itemName', dataIndex: 'itemName', title: f('itemName'), ellipsis: true },
    {
      key: 'openQuantity',
      dataIndex: 'openQuantity',
      title: labels.t('delivery.batch.openQuantity'),
      align: 'right' as const,
      width: 100,
    },
  ];
  const chosen = orderKeys.length + noticeKeys.length;
  return (
    <Modal
      open={open}
      width={860}
      title={labels.t('delivery.batch.pickTitle')}
      okText={labels.t('delivery.batch.addChosen', { count: chosen })}
      okButtonProps={{ disabled: !chosen, loading: busy }}
      onCancel={onCancel}
      onOk={() =>
        onAdd([
          ...orderKeys.map((id) => ({ poLineId: Number(id) })),
          ...noticeKeys.map((id) => ({ noticeLineId: Number(id) })),
        ])
      }
      destroyOnHidden
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'orders',
            label: `${labels.t('delivery.batch.addOrderLines')} (${orders.length})`,
            children: (
              <Table<OpenLine>
                size="small"
                rowKey="poLineId"
                dataSource={[...orders]}
                pagination={{ pageSize: 10, showSizeChanger: false }}
                rowSelection={{ selectedRowKeys: orderKeys, onChange: setOrderKeys }}
                columns={[
                  { key: 'poNumber', dataIndex: 'poNumber', title: f('poNumber'), width: 150 },
                  { key: 'lineNum', dataIndex: 'lineNum', title: f('poLineNum'), width: 70 },
                  ...common,
                  {
                    key: 'needByDate',
                    dataIndex: 'needByDate',
                    title: labels.field('srmPoLine', 'needByDate'),
                    width: 110,
                  },
                ]}
              />
            ),
          },
          {
            key: 'notices',
            label: `${labels.t('delivery.batch.addNoticeLines')} (${notices.length})`,
            children: (
              <Table<OpenLine>
                size="small"
                rowKey="noticeLineId"
                dataSource={[...notices]}
                pagination={{ pageSize: 10, showSizeChanger: false }}
                rowSelection={{ selectedRowKeys: noticeKeys, onChange: setNoticeKeys }}
                columns={[
                  { key: 'noticeNumber', dataIndex: 'noticeNumber', title: f('noticeNumber'), width: 150 },
                  { key: 'lineNum', dataIndex: 'lineNum', title: f('noticeLineNum'), width: 70 },
                  { key: 'poNumber', dataIndex: 'poNumber', title: f('poNumber'), width: 150 },
                  ...common,
                  {
                    key: 'promisedDate',
                    dataIndex: 'promisedDate',
                    title: labels.field('srmPurDeliveryNoticeLine', 'promisedDate'),
                    width: 110,
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
