// The history's toolbar buttons (web): 重新发送 sends the chosen failed messages again, 取消发送
// cancels the chosen ones not sent yet. Each is enabled only when every row chosen is in a state
// it accepts, asks first, says how many it moved, and reads the list again; the server checks
// the states again and refuses with the reason.
import { type ReactNode, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckOutlined, CloseOutlined, RedoOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import {
  ApiFailure,
  type ListButton,
  type ListButtonProps,
  invalidateAfterWrite,
  request,
  useApi,
  useConfirm,
  useLabels,
} from '@srm/platform-ui';

const ENTITY = 'baseMessageInstance';

type Row = Readonly<Record<string, unknown>>;

// The states each endpoint accepts (instance.endpoints.ts); the server refuses any other.
const retryable = (row: Row) => row.stateCode === 'FAILED';
const cancellable = (row: Row) => ['PENDING', 'RETRY_WAIT', 'FAILED'].includes(String(row.stateCode));

function batchButton(
  endpoint: 'doRetry' | 'doCancel' | 'doCheckPass' | 'doCheckReject',
  accepts: (row: Row) => boolean,
  icon: ReactNode,
  danger: boolean,
): ListButton {
  function BatchButton({ entity, selected, clearSelection }: ListButtonProps) {
    const api = useApi();
    const labels = useLabels();
    const confirm = useConfirm();
    const queryClient = useQueryClient();
    const { message } = App.useApp();
    const [busy, setBusy] = useState(false);
    const label = labels.action(entity.name, endpoint);
    const run = async () => {
      const agreed = await confirm({
        title: labels.t('message.instance.confirm', { action: label, count: selected.length }),
        okButtonProps: { danger },
      });
      if (!agreed) return;
      setBusy(true);
      try {
        const answer = await request<{ count: number }>(api, `${entity.apiPath}/${endpoint}`, {
          instanceIds: selected.map((row) => row[entity.key]),
        });
        void message.success(labels.t('message.instance.done', { action: label, count: answer.data.count }));
        clearSelection();
        await invalidateAfterWrite(queryClient, entity);
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        void message.error(error.message);
      } finally {
        setBusy(false);
      }
    };
    return (
      <Button
        icon={icon}
        danger={danger}
        loading={busy}
        disabled={!selected.length || !selected.every(accepts)}
        onClick={() => void run()}
      >
        {label}
      </Button>
    );
  }
  return { key: endpoint, resource: `${ENTITY}.${endpoint}`, component: BatchButton };
}

export const instanceButtons: readonly ListButton[] = [
  batchButton('doRetry', retryable, <RedoOutlined />, false),
  batchButton('doCancel', cancellable, <StopOutlined />, true),
];

const checking = (row: Row) => row.stateCode === 'CHECKING';

/** 消息审核's buttons: let the chosen sends go, or stop them (each for every recipient). */
export const checkButtons: readonly ListButton[] = [
  batchButton('doCheckPass', checking, <CheckOutlined />, false),
  batchButton('doCheckReject', checking, <CloseOutlined />, true),
];
