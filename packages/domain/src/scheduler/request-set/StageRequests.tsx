// 阶段请求: the stage requests of a request set's run in a dialog — stage, program, phase and
// status, times and completion text — each opening its own request in a tab. 刷新 reads them
// again while the run goes on.
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { type EntityDef, type ReadRowOf, MODAL_Z_INDEX, formatDateTime } from '@srm/kernel';
import { fetchAll, useApi, useLabels, useScreen, useSession } from '@srm/platform-ui';
import type { concurrentRequest } from '../request/request.entity';
import { REQUEST_DETAIL } from '../request/SubmitRequest';

type Stage = ReadRowOf<typeof concurrentRequest>;

export interface StageRequestsProps {
  /** The request entity of the screen. */
  readonly entity: EntityDef;
  /** The run whose stages are shown. */
  readonly runId: number;
  /** Opened on a stage: the dialog also opens the run. */
  readonly fromStage?: boolean;
  onClose(): void;
}

export default function StageRequests({ entity, runId, fromStage, onClose }: StageRequestsProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { timeZone } = useSession();
  const stages = useQuery({
    queryKey: ['entity', entity.name, 'stages', runId],
    queryFn: () =>
      fetchAll<Stage>(api, `${entity.apiPath}/listByPage`, { setRequestId: runId, orderBy: 'stageNum asc' }),
  });
  const field = (name: string) => labels.field(entity.name, name);
  const time = (value: number | null | undefined) => (value ? formatDateTime(value, timeZone) : '');
  const columns: ColumnsType<Stage> = [
    { key: 'stageNum', title: field('stageNum'), dataIndex: 'stageNum', width: 84 },
    {
      key: 'requestNumber',
      title: field('requestNumber'),
      width: 190,
      render: (_, row) => (
        <Typography.Link
          onClick={() => {
            onClose();
            screen.open(REQUEST_DETAIL.path, { [REQUEST_DETAIL.key]: row.requestId });
          }}
        >
          {row.requestNumber}
        </Typography.Link>
      ),
    },
    { key: 'programName', title: field('programId'), dataIndex: 'programName', width: 180 },
    {
      key: 'state',
      title: field('statusCode'),
      width: 150,
      render: (_, row) =>
        `${labels.code('BASE_REQUEST_PHASE', row.phaseCode)} / ${labels.code('BASE_REQUEST_STATUS', row.statusCode)}`,
    },
    { key: 'startedAt', title: field('startedAt'), width: 150, render: (_, row) => time(row.startedAt) },
    {
      key: 'completedAt',
      title: field('completedAt'),
      width: 150,
      render: (_, row) => time(row.completedAt),
    },
    { key: 'completionText', title: field('completionText'), dataIndex: 'completionText', ellipsis: true },
  ];
  return (
    <Modal
      open
      zIndex={MODAL_Z_INDEX}
      width={1080}
      title={labels.t('scheduler.set.stagesTitle')}
      onCancel={onClose}
      footer={[
        ...(fromStage
          ? [
              <Button
                key="run"
                onClick={() => {
                  onClose();
                  screen.open(REQUEST_DETAIL.path, { [REQUEST_DETAIL.key]: runId });
                }}
              >
                {labels.t('scheduler.set.openRun')}
              </Button>,
            ]
          : []),
        <Button key="reload" icon={<ReloadOutlined />} onClick={() => void stages.refetch()}>
          {labels.t('ui.grid.reload')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {labels.t('scheduler.log.close')}
        </Button>,
      ]}
    >
      <Table<Stage>
        size="small"
        rowKey="requestId"
        loading={stages.isFetching}
        columns={columns}
        dataSource={stages.data ?? []}
        pagination={false}
      />
    </Modal>
  );
}
