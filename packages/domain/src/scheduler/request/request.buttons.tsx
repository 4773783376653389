// The buttons of concurrent requests (web). On the list: 提交请求, opening the dialog of
// SubmitRequest.tsx. On a request: 取消请求 (asked first; a running request is terminated),
// 暂挂, 释放 and 重新提交 (which opens the new request), each shown in the states its endpoint
// accepts; 查看日志 (RequestLog.tsx) and 查看输出 (the output file, downloaded). After a move
// the request and the list are read again, and a request that waits or runs is followed: it is
// read again now and then until it completes (not while its log is open).
import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DownloadOutlined,
  FileTextOutlined,
  OrderedListOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  RedoOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { App, Button } from 'antd';
import {
  ApiFailure,
  type EditButton,
  type EditButtonProps,
  type Labels,
  type ListButton,
  type ListButtonProps,
  downloadFile,
  invalidateAfterWrite,
  request,
  saveFile,
  useApi,
  useConfirm,
  useLabels,
  useScreen,
} from '@srm/platform-ui';
import { REQUEST_DETAIL } from './SubmitRequest';

const SubmitRequest = lazy(() => import('./SubmitRequest'));
const RequestLog = lazy(() => import('./RequestLog'));
const StageRequests = lazy(() => import('../request-set/StageRequests'));

type Row = Readonly<Record<string, unknown>>;

const ENTITY = 'baseConcurrentRequest';
/** Reading a request and its log needs the list's view grant. */
const VIEW = `${ENTITY}.view`;

const phase = (row: Row) => String(row.phaseCode ?? '');
const status = (row: Row) => String(row.statusCode ?? '');

// The states each endpoint accepts (request.endpoints.ts); the server refuses any other.
const cancellable = (row: Row) =>
  phase(row) === 'PENDING' ||
  phase(row) === 'INACTIVE' ||
  (phase(row) === 'RUNNING' && (status(row) === 'NORMAL' || status(row) === 'PAUSED'));
const holdable = (row: Row) =>
  phase(row) === 'PENDING' && ['NORMAL', 'STANDBY', 'SCHEDULED'].includes(status(row));
const releasable = (row: Row) => phase(row) === 'INACTIVE';
const completed = (row: Row) => phase(row) === 'COMPLETED';
const followed = (row: Row) => phase(row) === 'PENDING' || phase(row) === 'RUNNING';

/** 提交请求 on the request list. */
function SubmitButton({ entity }: ListButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<SendOutlined />} onClick={() => setOpen(true)}>
        {labels.action(entity.name, 'doSubmit')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SubmitRequest entity={entity} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

interface MoveOptions {
  readonly icon: ReactNode;
  /** States of the row in which the button shows. */
  readonly when: (row: Row) => boolean;
  /** Asks first, with the question for the row. */
  readonly confirm?: (row: Row, labels: Labels) => string;
  readonly danger?: boolean;
  /** The answer is another request, opened in its tab. */
  readonly opensAnswer?: boolean;
}

/** A button calling one of the request's endpoints with its key, then reading it again. */
function moveButton(endpoint: string, options: MoveOptions): EditButton {
  function MoveButton({ entity, row, disabled }: EditButtonProps) {
    const api = useApi();
    const labels = useLabels();
    const screen = useScreen();
    const confirm = useConfirm();
    const queryClient = useQueryClient();
    const { message } = App.useApp();
    const [busy, setBusy] = useState(false);
    if (!options.when(row)) return null;
    const label = labels.action(entity.name, endpoint);
    const run = async () => {
      if (options.confirm) {
        const agreed = await confirm({
          title: options.confirm(row, labels),
          okButtonProps: { danger: !!options.danger },
        });
        if (!agreed) return;
      }
      setBusy(true);
      try {
        const answer = await request<Row>(api, `${entity.apiPath}/${endpoint}`, {
          [entity.key]: row[entity.key],
        });
        if (options.opensAnswer) {
          void message.success(
            labels.t('scheduler.submit.done', { number: String(answer.data.requestNumber) }),
          );
        } else {
          void message.success(labels.t('ui.action.done', { action: label }));
        }
        await invalidateAfterWrite(queryClient, entity);
        const id = answer.data[REQUEST_DETAIL.key];
        if (options.opensAnswer && typeof id === 'number')
          screen.open(REQUEST_DETAIL.path, { [REQUEST_DETAIL.key]: id });
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        void message.error(error.message);
      } finally {
        setBusy(false);
      }
    };
    return (
      <Button
        icon={options.icon}
        danger={!!options.danger}
        loading={busy}
        disabled={disabled}
        onClick={() => void run()}
      >
        {label}
      </Button>
    );
  }
  return { key: endpoint, resource: `${ENTITY}.${endpoint}`, component: MoveButton };
}

/** Delays between reads of a followed request: soon at first, then less often. */
const FOLLOW_FIRST_MS = 3_000;
const FOLLOW_MAX_MS = 30_000;

/**
 * 查看日志, which also follows a waiting or running request while its tab is the one shown: the
 * request is read again after 3 s, then less and less often (up to 30 s) while nothing changes.
 * A change draws the page anew, and the delays start again.
 */
function LogButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { active } = useScreen();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const id = row[entity.key];
  const following = followed(row) && active && !open;

  useEffect(() => {
    if (!following) return;
    let delay = FOLLOW_FIRST_MS;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(() => {
        if (document.visibilityState === 'visible')
          void queryClient.invalidateQueries({ queryKey: ['entity', entity.name, 'find', id] });
        delay = Math.min(FOLLOW_MAX_MS, Math.round(delay * 1.5));
        next();
      }, delay);
    };
    next();
    return () => clearTimeout(timer);
  }, [following, queryClient, entity.name, id]);

  return (
    <>
      <Button icon={<FileTextOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action(entity.name, 'findLog')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RequestLog entity={entity} row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** 查看输出: the request's output file, downloaded by the file service (which checks access too). */
function OutputButton({ entity, row, disabled }: EditButtonProps) {
  const api = useApi();
  const labels = useLabels();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (!row.outputFile) return null;
  const download = async () => {
    setBusy(true);
    try {
      const answer = await request<{ attachmentId: number; fileName: string }>(
        api,
        `${entity.apiPath}/downloadOutput`,
        { [entity.key]: row[entity.key] },
      );
      const file = await downloadFile(api, { id: answer.data.attachmentId, fileSize: 0 });
      const fileName = file.fileName && file.fileName !== 'download' ? file.fileName : answer.data.fileName;
      saveFile({ blob: file.blob, fileName });
      void message.success(labels.t('scheduler.output.downloaded', { fileName }));
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={() => void download()}>
      {labels.action(entity.name, 'downloadOutput')}
    </Button>
  );
}

/** 阶段请求: on a request set's run or one of its stages, the run's stage requests. */
function StagesButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  // On a run its own stages; on a stage those of its run (and a way to the run).
  const runId = row.requestSetId ? row[entity.key] : row.setRequestId;
  if (typeof runId !== 'number') return null;
  return (
    <>
      <Button icon={<OrderedListOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.t('scheduler.set.stagesButton')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <StageRequests
            entity={entity}
            runId={runId}
            fromStage={!row.requestSetId}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/** 提交请求 beside the request list's other buttons. */
export const submitRequestButton: ListButton = {
  key: 'doSubmit',
  resource: `${ENTITY}.doSubmit`,
  component: SubmitButton,
};

/** The buttons of a request's detail, in the order they show. */
export const requestButtons: readonly EditButton[] = [
  // 取消请求: a waiting request ends Cancelled; a running one is asked to stop (Terminated).
  moveButton('doCancel', {
    icon: <StopOutlined />,
    danger: true,
    when: cancellable,
    confirm: (row, labels) =>
      labels.t(
        phase(row) === 'RUNNING' ? 'scheduler.request.confirmTerminate' : 'scheduler.request.confirmCancel',
        { number: String(row.requestNumber ?? '') },
      ),
  }),
  moveButton('doHold', { icon: <PauseCircleOutlined />, when: holdable }),
  moveButton('doRelease', { icon: <PlayCircleOutlined />, when: releasable }),
  moveButton('doResubmit', { icon: <RedoOutlined />, when: completed, opensAnswer: true }),
  { key: 'stages', resource: VIEW, component: StagesButton },
  { key: 'findLog', resource: VIEW, component: LogButton },
  { key: 'downloadOutput', resource: VIEW, component: OutputButton },
];
