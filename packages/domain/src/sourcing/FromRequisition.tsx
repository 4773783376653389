// 由申请创建 on the inquiry and auction lists: the buyer picks lines of the demand pool (需求池) —
// an approved requisition's open lines, or lines of several requisitions of one organisation,
// found by requisition, material and organisation, chosen across pages; the server makes a draft
// event of what remains open on them (their materials, quantities and dates, the suggested
// suppliers invited) and the new document opens in its tab to be completed and submitted. Its
// award's approval then drafts the orders of those lines.
import { type Key, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileAddOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type EntityDef, MODAL_Z_INDEX } from '@srm/kernel';
import {
  ApiFailure,
  type ListButton,
  type ListButtonProps,
  numberText,
  request,
  useApi,
  RefFilterBar,
  useCrossPageChoice,
  useLabels,
  useScreen,
  useSession,
} from '@srm/platform-ui';
import { POOL_LINE_FILTERS, requisitionLine } from '../purchasing';

type Row = Record<string, unknown>;

const PAGE_ROWS = 10;
const LINES = `${requisitionLine.apiPath}/listByPage`;
// Lines of the newest requisitions first, in their own order.
const LINE_ORDER = 'requisitionHeaderId desc, lineNum asc';

const idOf = (row: Row) => Number(row.requisitionLineId);

interface DialogProps {
  readonly entity: EntityDef;
  /** The edit screen the new document opens in. */
  readonly editPath: string;
  onClose(): void;
}

function FromRequisitionDialog({ entity, editPath, onClose }: DialogProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<Row>({});
  const [page, setPage] = useState(1);
  const { chosen, choose: pick } = useCrossPageChoice(idOf);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = (key: string, params?: Record<string, string | number>) =>
    labels.t(`${entity.name}.fromRequisition.${key}`, params);
  const f = (name: string) => labels.field(requisitionLine.name, name);
  const numberField = entity.numbering?.field ?? entity.key;

  const pool = useQuery({
    queryKey: ['entity', requisitionLine.name, 'forSourcing', filters, page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await request<Row[]>(api, LINES, {
        ...filters,
        demandStatus: 'POOLED',
        orderBy: LINE_ORDER,
        pageIndex: page,
        pageRows: PAGE_ROWS,
      });
      return { rows: answer.data, count: answer.page?.count ?? answer.data.length };
    },
  });

  const choose = (keys: Key[], picked: Row[]) => {
    pick(keys, picked);
    setError(null);
  };

  const create = async () => {
    if (!chosen.size) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await request<Record<string, unknown>>(api, `${entity.apiPath}/createFromRequisition`, {
        requisitionLineIds: [...chosen.keys()],
      });
      void message.success(t('created', { number: String(answer.data[numberField] ?? '') }));
      void queryClient.invalidateQueries({ queryKey: ['entity', entity.name] });
      onClose();
      screen.open(editPath, { [entity.key]: Number(answer.data[entity.key]) });
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      setError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  const number = (name: string) => (value: unknown) => numberText(requisitionLine.fields[name]!, value);
  const columns: ColumnsType<Row> = [
    { key: 'requisitionNumber', dataIndex: 'requisitionNumber', title: f('requisitionNumber'), width: 140 },
    { key: 'lineNum', dataIndex: 'lineNum', title: f('lineNum'), width: 56 },
    { key: 'itemCode', dataIndex: 'itemCode', title: f('itemCode'), width: 100 },
    { key: 'itemName', dataIndex: 'itemName', title: f('itemName'), ellipsis: true },
    {
      key: 'remainingQuantity',
      dataIndex: 'remainingQuantity',
      title: f('remainingQuantity'),
      width: 100,
      align: 'right',
      render: number('remainingQuantity'),
    },
    { key: 'uomName', dataIndex: 'uomName', title: f('uomName'), width: 60 },
    {
      key: 'unitPrice',
      dataIndex: 'unitPrice',
      title: f('unitPrice'),
      width: 96,
      align: 'right',
      render: number('unitPrice'),
    },
    { key: 'needByDate', dataIndex: 'needByDate', title: f('needByDate'), width: 104 },
    { key: 'orgName', dataIndex: 'orgName', title: f('orgName'), width: 150, ellipsis: true },
    {
      key: 'suggestedSupplierName',
      dataIndex: 'suggestedSupplierName',
      title: f('suggestedSupplierName'),
      width: 150,
      ellipsis: true,
    },
  ];
  const orgs = new Set([...chosen.values()].map((row) => row.orgId));

  return (
    <Modal
      open
      zIndex={MODAL_Z_INDEX}
      width={1240}
      title={t('title')}
      okText={t('ok')}
      cancelText={labels.t('ui.cancel')}
      okButtonProps={{ disabled: !chosen.size, loading: busy }}
      onOk={() => void create()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <RefFilterBar
        testId="sourcing-pool-filters"
        width={220}
        filters={POOL_LINE_FILTERS}
        entityName={requisitionLine.name}
        value={filters}
        onChange={(next) => {
          setFilters({ ...next });
          setPage(1);
        }}
      />
      <div style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">
          {labels.t('ui.list.selected', { count: chosen.size })}
        </Typography.Text>
      </div>
      <Table<Row>
        size="small"
        rowKey="requisitionLineId"
        columns={columns}
        dataSource={pool.data?.rows ?? []}
        loading={pool.isFetching}
        scroll={{ y: 340 }}
        rowSelection={{
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          onChange: choose,
        }}
        pagination={{
          current: page,
          pageSize: PAGE_ROWS,
          total: pool.data?.count ?? 0,
          showSizeChanger: false,
          showTotal: (total) => labels.t('ui.list.total', { total }),
          onChange: setPage,
        }}
        locale={{ emptyText: labels.t('sourcing.fromRequisition.poolEmpty') }}
      />
      {orgs.size > 1 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={labels.t('sourcing.fromRequisition.severalOrgs')}
        />
      )}
      {error && <Alert type="error" showIcon style={{ marginTop: 12 }} title={error} />}
    </Modal>
  );
}

function makeButton(editPath: string) {
  return function FromRequisitionButton({ entity }: ListButtonProps) {
    const labels = useLabels();
    const { side } = useSession();
    const [open, setOpen] = useState(false);
    if (side !== 'internal') return null;
    return (
      <>
        <Button icon={<FileAddOutlined />} onClick={() => setOpen(true)}>
          {labels.action(entity.name, 'createFromRequisition')}
        </Button>
        {open && <FromRequisitionDialog entity={entity} editPath={editPath} onClose={() => setOpen(false)} />}
      </>
    );
  };
}

/** 由申请创建 beside 新建 on an event's list (the entity's createFromRequisition endpoint). */
export function fromRequisitionButton(entityName: string, editPath: string): ListButton {
  return {
    key: 'createFromRequisition',
    resource: `${entityName}.createFromRequisition`,
    component: makeButton(editPath),
  };
}
