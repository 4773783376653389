// The generic list screen of an entity: query form, toolbar (新建, 删除, workflow actions valid
// for the whole selection), a server-paged grid with index, coloured states, right-aligned
// amounts, a 合计 row and an operation column, pagination with 共 N 条. A button shows only
// when the responsibility grants its resource code; 查看 needs none.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Space, Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { COLUMN_WIDTHS, DEFAULT_PAGE_SIZE, type EntityDef, PAGE_SIZE_OPTIONS, rowNumber } from '@srm/kernel';
import { ApiFailure, request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { useConfirm } from '../context/useConfirm';
import { useGranted, useSession } from '../context/session';
import { invalidateAfterWrite } from '../fields/lookups';
import { useScreen } from '../screens/ScreenContext';
import { useActionRunner } from '../workflow/useActionRunner';
import {
  availableActions,
  deletable,
  operationResource,
  readOnlyReason,
  rowActionNames,
} from '../workflow/workflow';
import { type ListState, listBody } from './filters';
import { type Row, listColumns } from './listColumns';
import { QueryForm } from './QueryForm';
import { SummaryRow } from './SummaryRow';

export interface EntityListPageProps {
  entity: EntityDef;
  /** Route path of the entity's edit screen. */
  editPath?: string;
}

export function EntityListPage({ entity, editPath }: EntityListPageProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { side } = useSession();
  const may = useGranted();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [state, setState] = useState<ListState>({ filters: {}, pageIndex: 1, pageRows: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<Row[]>([]);
  const [deleting, setDeleting] = useState(false);
  const runner = useActionRunner(entity, () => setSelected([]));
  const title = labels.entity(entity.name);
  const sideWrites = !readOnlyReason(entity, null, side);
  const canWrite = sideWrites && may(operationResource(entity, 'save'));
  const canDelete = sideWrites && may(operationResource(entity, 'delete'));

  const list = useQuery({
    queryKey: ['entity', entity.name, 'list', state],
    queryFn: () => request<Row[]>(api, `${entity.apiPath}/listByPage`, listBody(state)),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.page?.count ?? rows.length;

  const open = (row: Row | null, mode?: 'view') => {
    if (!editPath) return;
    screen.open(editPath, row ? { [entity.key]: row[entity.key] as number, mode } : {});
  };
  const idsOf = (items: Row[]) => items.map((row) => row[entity.key] as number);

  const remove = async () => {
    const confirmed = await confirm({
      title: labels.t('ui.list.deleteConfirm', { count: selected.length }),
      okButtonProps: { danger: true },
    });
    if (!confirmed) return;
    setDeleting(true);
    try {
      await request(api, `${entity.apiPath}/doBatchDelete`, { ids: idsOf(selected) });
      void message.success(labels.t('ui.list.deleted'));
      setSelected([]);
      await invalidateAfterWrite(queryClient, entity);
    } catch (error) {
      void message.error(error instanceof ApiFailure ? error.message : String(error));
    } finally {
      setDeleting(false);
    }
  };

  // Rebuilt each render (cheap), so links and actions always see the current state.
  const base = listColumns({ entity, labels, orderBy: state.orderBy, onOpen: (row) => open(row) });
  const indexColumn: ColumnType<Row> = {
    key: '__index',
    title: labels.t('ui.list.index'),
    width: COLUMN_WIDTHS.index,
    align: 'center',
    fixed: 'left',
    render: (_value, _row, index) => rowNumber(state.pageIndex, state.pageRows, index),
  };
  const linkCount = (canWrite ? 2 : 1) + rowActionNames(entity, side, may).length;
  const operation: ColumnType<Row> = {
    key: '__operation',
    title: labels.t('ui.list.operation'),
    fixed: 'right',
    width: Math.max(COLUMN_WIDTHS.operate + 40, linkCount * (labels.locale === 'en' ? 52 : 44) + 24),
    render: (_value, row) => (
      <Space size={4} separator={<Typography.Text type="secondary">|</Typography.Text>}>
        <Typography.Link onClick={() => open(row, 'view')}>{labels.t('ui.list.view')}</Typography.Link>
        {canWrite && !readOnlyReason(entity, row, side) && (
          <Typography.Link onClick={() => open(row)}>{labels.t('ui.list.edit')}</Typography.Link>
        )}
        {availableActions(entity, [row], side, may).map(({ name, action }) => (
          <Typography.Link
            key={name}
            type={action.danger ? 'danger' : undefined}
            disabled={runner.busy !== null}
            onClick={() =>
              void runner.run(name, action, {
                id: row[entity.key] as number,
                versionNum: row.versionNum as number,
              })
            }
          >
            {labels.action(entity.name, name)}
          </Typography.Link>
        ))}
      </Space>
    ),
  };
  const columns = editPath ? [indexColumn, ...base, operation] : [indexColumn, ...base];

  const batchActions = availableActions(entity, selected, side, may);
  const filtered = Object.keys(state.filters).length > 0;
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        filtered ? (
          labels.t('ui.list.emptyFiltered')
        ) : (
          <span>
            {labels.t('ui.list.empty')}
            {canWrite && editPath && (
              <>
                {' — '}
                <Typography.Link onClick={() => open(null)}>
                  {labels.t('ui.list.emptyCreate', { title })}
                </Typography.Link>
              </>
            )}
          </span>
        )
      }
    />
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Card size="small" styles={{ body: { padding: '16px 16px' } }}>
        <QueryForm
          entity={entity}
          onSearch={(filters) => setState((current) => ({ ...current, filters, pageIndex: 1 }))}
        />
      </Card>
      <Card size="small" styles={{ body: { padding: 16 } }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12, flexWrap: 'wrap' }}>
          {canWrite && editPath && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
              {labels.t('ui.list.create')}
            </Button>
          )}
          {canDelete && (
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={deleting}
              disabled={!selected.length || !selected.every((row) => deletable(entity, row, side))}
              onClick={() => void remove()}
            >
              {labels.t('ui.list.delete')}
            </Button>
          )}
          {batchActions.map(({ name, action }) => (
            <Button
              key={name}
              danger={action.danger}
              loading={runner.busy === name}
              disabled={runner.busy !== null && runner.busy !== name}
              onClick={() => void runner.run(name, action, { ids: idsOf(selected) })}
            >
              {labels.action(entity.name, name)}
            </Button>
          ))}
          {selected.length > 0 && (
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {labels.t('ui.list.selected', { count: selected.length })}{' '}
              <Typography.Link onClick={() => setSelected([])}>
                {labels.t('ui.list.clearSelection')}
              </Typography.Link>
            </Typography.Text>
          )}
        </div>
        {list.error && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={labels.t('ui.list.loadFailed', { message: (list.error as Error).message })}
          />
        )}
        <Table<Row>
          rowKey={entity.key}
          size="middle"
          bordered
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: empty }}
          rowSelection={{
            columnWidth: COLUMN_WIDTHS.checkbox + 8,
            fixed: true,
            selectedRowKeys: idsOf(selected),
            onChange: (_keys, chosen) => setSelected(chosen),
          }}
          summary={(page) =>
            entity.list.summary?.length ? <SummaryRow entity={entity} columns={columns} rows={page} /> : null
          }
          onChange={(pagination, _filters, sorter) => {
            const sort = Array.isArray(sorter) ? sorter[0] : sorter;
            const orderBy =
              sort?.order && sort.columnKey
                ? `${String(sort.columnKey)} ${sort.order === 'descend' ? 'desc' : 'asc'}`
                : undefined;
            setState((current) => ({
              ...current,
              pageIndex: pagination.pageSize !== current.pageRows ? 1 : (pagination.current ?? 1),
              pageRows: pagination.pageSize ?? current.pageRows,
              orderBy,
            }));
          }}
          pagination={{
            current: state.pageIndex,
            pageSize: state.pageRows,
            total,
            showSizeChanger: true,
            showQuickJumper: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
            showTotal: (count) => labels.t('ui.list.total', { total: count }),
            placement: ['bottomEnd'],
          }}
        />
      </Card>
      {runner.modal}
    </div>
  );
}
