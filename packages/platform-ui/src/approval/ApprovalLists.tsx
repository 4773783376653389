// The approval lists: my todo tasks (myApproval, gtasks, myUpcoming, insidePendingList,
// supplierPendingList), the tasks I handled (insideHandledList, supplierHandledList), the
// processes I started (myBpmMatterList) and, for administrators, process monitoring with stuck
// nodes and reassignment (processMonitoring). A document number opens the document's screen.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { BPM_REASSIGN_RESOURCE, MODAL_Z_INDEX, ref, formatDateTimeMinute } from '@srm/kernel';
import { ApiFailure, request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { useGranted, useSession } from '../context/session';
import { RefSelect } from '../fields/RefSelect';
import { useRefreshOnReturn, noteWrite } from '../screens/freshness';
import { useScreen } from '../screens/ScreenContext';
import { BPM_PROCESS, BPM_TASK, type TaskRow } from './bpm';

type Mode = 'todo' | 'handled' | 'mine' | 'monitoring';

const PATHS: Record<Mode, string> = {
  todo: `${BPM_TASK}/findTodoTasks`,
  handled: `${BPM_TASK}/findHistoricTasks`,
  mine: `${BPM_PROCESS}/listMyProcesses`,
  monitoring: `${BPM_PROCESS}/listMonitoring`,
};

interface ProcessRow {
  instanceId: number;
  entityName: string;
  documentTitle: string;
  documentKey: string;
  documentId: number;
  documentNumber: string | null;
  status: string;
  submitterName: string | null;
  currentNodeName: string | null;
  startedAt: number | null;
  endedAt: number | null;
  pendingTasks?: {
    taskId: number;
    nodeName: string;
    assigneeName: string | null;
    createdAt: number | null;
  }[];
  waitingSince?: number | null;
  stuckFlag?: string;
}

type AnyRow = TaskRow & ProcessRow;

const time = (value: number | null | undefined) => (value ? formatDateTimeMinute(value) : '');
const USER_FIELD = ref('baseUser', { display: 'userFullName' });

export function ApprovalListPage({ mode }: { mode: Mode }) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const session = useSession();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageIndex: 1, pageRows: 20 });
  const [documentNumber, setDocumentNumber] = useState<string>('');
  const [reassign, setReassign] = useState<number | null>(null);
  // Reassigning is an administrator's right of its own (the server refuses it without).
  const mayReassign = useGranted()(BPM_REASSIGN_RESOURCE);
  const [form] = Form.useForm();
  const list = useQuery({
    queryKey: ['bpm', 'list', mode, page, documentNumber],
    queryFn: () =>
      request<AnyRow[]>(api, PATHS[mode], { ...page, ...(documentNumber ? { documentNumber } : {}) }),
    placeholderData: keepPreviousData,
  });
  useRefreshOnReturn(
    () => void list.refetch(),
    () => list.dataUpdatedAt,
  );
  const open = (row: AnyRow) => {
    const path = session.recordPath?.(row.entityName);
    if (path) screen.open(path, { [row.documentKey]: row.documentId });
  };
  const number = (row: AnyRow) => {
    const text = row.documentNumber ?? `#${row.documentId}`;
    return session.recordPath?.(row.entityName) ? (
      <Typography.Link onClick={() => open(row)} data-testid="bpm-open-document">
        {text}
      </Typography.Link>
    ) : (
      text
    );
  };
  const t = (key: string) => labels.t(`ui.bpm.column.${key}`);
  const documentColumns: ColumnsType<AnyRow> = [
    { key: 'type', title: t('documentType'), dataIndex: 'documentTitle', width: 160 },
    { key: 'number', title: t('documentNumber'), render: (_, row) => number(row), width: 200 },
  ];
  const columns: ColumnsType<AnyRow> =
    mode === 'todo'
      ? [
          ...documentColumns,
          { key: 'node', title: t('node'), dataIndex: 'nodeName' },
          {
            key: 'kind',
            title: t('kind'),
            render: (_, row) => <Tag>{labels.code('BPM_TASK_KIND', row.kind)}</Tag>,
            width: 100,
          },
          { key: 'submitter', title: t('submitter'), dataIndex: 'submitterName' },
          { key: 'assignee', title: t('assignee'), dataIndex: 'assigneeName' },
          { key: 'arrived', title: t('arrived'), render: (_, row) => time(row.createdAt), width: 150 },
          {
            key: 'op',
            title: labels.t('ui.list.operation'),
            fixed: 'right',
            width: 90,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => open(row)}>
                {t('handle')}
              </Button>
            ),
          },
        ]
      : mode === 'handled'
        ? [
            ...documentColumns,
            { key: 'node', title: t('node'), dataIndex: 'nodeName' },
            {
              key: 'status',
              title: t('decision'),
              render: (_, row) => <Tag>{labels.code('BPM_TASK_STATUS', row.status)}</Tag>,
              width: 100,
            },
            { key: 'comment', title: t('comment'), dataIndex: 'comment', ellipsis: true },
            { key: 'submitter', title: t('submitter'), dataIndex: 'submitterName' },
            { key: 'decided', title: t('decided'), render: (_, row) => time(row.decidedAt), width: 150 },
          ]
        : [
            ...documentColumns,
            {
              key: 'status',
              title: t('processStatus'),
              render: (_, row) => (
                <Tag
                  color={
                    row.status === 'RUNNING'
                      ? 'processing'
                      : row.status === 'APPROVED'
                        ? 'success'
                        : 'default'
                  }
                >
                  {labels.code('BPM_INSTANCE_STATUS', row.status)}
                </Tag>
              ),
              width: 100,
            },
            { key: 'current', title: t('currentNode'), dataIndex: 'currentNodeName' },
            ...(mode === 'monitoring'
              ? ([
                  { key: 'submitter', title: t('submitter'), dataIndex: 'submitterName' },
                  {
                    key: 'waiting',
                    title: t('waitingFor'),
                    render: (_, row) => (
                      <Space wrap size={4}>
                        {(row.pendingTasks ?? []).map((task) => (
                          <Tag key={task.taskId}>
                            {task.assigneeName}
                            {mayReassign && (
                              <Button
                                type="link"
                                size="small"
                                onClick={() => {
                                  form.resetFields();
                                  setReassign(task.taskId);
                                }}
                              >
                                {t('reassign')}
                              </Button>
                            )}
                          </Tag>
                        ))}
                      </Space>
                    ),
                  },
                  {
                    key: 'since',
                    title: t('waitingSince'),
                    render: (_, row) => (
                      <Space size={4}>
                        {time(row.waitingSince)}
                        {row.stuckFlag === 'Y' && <Tag color="red">{t('stuck')}</Tag>}
                      </Space>
                    ),
                    width: 190,
                  },
                ] as ColumnsType<AnyRow>)
              : []),
            { key: 'started', title: t('started'), render: (_, row) => time(row.startedAt), width: 150 },
            { key: 'ended', title: t('ended'), render: (_, row) => time(row.endedAt), width: 150 },
          ];
  const rows = list.data?.data ?? [];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid={`bpm-list-${mode}`}>
      <Card size="small">
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('documentNumber')}
            style={{ width: 260 }}
            onSearch={(value) => {
              setDocumentNumber(value.trim());
              setPage((current) => ({ ...current, pageIndex: 1 }));
            }}
          />
          <Button onClick={() => void list.refetch()}>{labels.t('ui.bpm.refresh')}</Button>
        </Space>
      </Card>
      <Card size="small">
        <Table<AnyRow>
          size="small"
          rowKey={(row) => (mode === 'todo' || mode === 'handled' ? row.taskId : row.instanceId)}
          loading={list.isFetching}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: labels.t(`ui.bpm.empty.${mode}`) }}
          pagination={{
            current: page.pageIndex,
            pageSize: page.pageRows,
            total: list.data?.page?.count ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100, 200, 500],
            showTotal: (total) => labels.t('ui.list.total', { total }),
            onChange: (pageIndex, pageRows) => setPage({ pageIndex, pageRows }),
          }}
        />
      </Card>
      <Modal
        open={reassign !== null}
        zIndex={MODAL_Z_INDEX}
        title={t('reassign')}
        okText={labels.t('ui.ok')}
        cancelText={labels.t('ui.cancel')}
        destroyOnHidden
        onCancel={() => setReassign(null)}
        onOk={async () => {
          const values = (await form.validateFields()) as { toUserId: number; comment?: string };
          try {
            await request(api, `${BPM_TASK}/doReassign`, { taskId: reassign, ...values });
            void message.success(labels.t('ui.bpm.done', { action: t('reassign') }));
            noteWrite();
            setReassign(null);
            await queryClient.invalidateQueries({ queryKey: ['bpm'] });
          } catch (error) {
            void message.error(error instanceof ApiFailure ? error.message : String(error));
          }
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="toUserId"
            label={labels.t('ui.bpm.toUser')}
            rules={[{ required: true, message: labels.t('ui.bpm.toUserRequired') }]}
          >
            <RefSelect field={USER_FIELD} />
          </Form.Item>
          <Form.Item name="comment" label={labels.t('ui.bpm.comment')}>
            <Input.TextArea maxLength={2000} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

export const TodoTasksScreen = () => <ApprovalListPage mode="todo" />;
export const HandledTasksScreen = () => <ApprovalListPage mode="handled" />;
export const MyProcessesScreen = () => <ApprovalListPage mode="mine" />;
export const ProcessMonitoringScreen = () => <ApprovalListPage mode="monitoring" />;

/** The number of tasks waiting for the user (the header's bell), refreshed every minute. */
export function useTodoCount(): number {
  const api = useApi();
  const counted = useQuery({
    queryKey: ['bpm', 'count'],
    queryFn: async () => (await request<{ count: number }>(api, `${BPM_TASK}/countTodoTasks`, {})).data.count,
    refetchInterval: 60_000,
  });
  return counted.data ?? 0;
}

/** The first tasks waiting for the user, for a home page's panel. */
export function usePendingTasks(rows = 8) {
  const api = useApi();
  const tasks = useQuery({
    queryKey: ['bpm', 'list', 'todo', 'home', rows],
    queryFn: () => request<TaskRow[]>(api, `${BPM_TASK}/findTodoTasks`, { pageIndex: 1, pageRows: rows }),
  });
  useRefreshOnReturn(
    () => void tasks.refetch(),
    () => tasks.dataUpdatedAt,
  );
  return tasks;
}
