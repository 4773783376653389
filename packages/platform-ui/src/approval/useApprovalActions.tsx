// The approval buttons of a document's header: 同意, 驳回, 退回, 转办, 加签 when the user holds a
// task on it (or acts for someone who does), 撤回 for its submitter before anyone decided; and
// the preview of who will approve, asked before an action that starts an approval.
import { type ReactNode, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Steps, Tag, Typography } from 'antd';
import { type EntityDef, MODAL_Z_INDEX, ref } from '@srm/kernel';
import { ApiFailure, request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { useSession } from '../context/session';
import { RefSelect } from '../fields/RefSelect';
import { noteWrite } from '../screens/freshness';
import { BPM_PROCESS, BPM_TASK, type DocumentApproval, type Preview } from './bpm';

type Decision = 'doApprove' | 'doReject' | 'doReturn' | 'doTransfer' | 'doAddSign' | 'doWithdraw';

// Whom to hand over to or add: any active internal user, picked from the user directory.
const USER_FIELD = ref('baseUser', { display: 'userFullName', grantsRead: false });

interface Asked {
  decision: Decision;
  resolve(values: Record<string, unknown> | null): void;
}

export interface ApprovalActions {
  buttons: ReactNode;
  modal: ReactNode;
  /** Shows who will approve; resolves whether the user goes on with the submission. */
  confirmSubmit(action: string): Promise<boolean>;
}

export function useApprovalActions(
  entity: EntityDef,
  documentId: number | null,
  approval: DocumentApproval | undefined,
  disabled: boolean,
): ApprovalActions {
  const api = useApi();
  const labels = useLabels();
  const { side } = useSession();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [busy, setBusy] = useState<Decision | null>(null);
  const [preview, setPreview] = useState<{ data: Preview; resolve(go: boolean): void } | null>(null);
  const [form] = Form.useForm();

  const refresh = async () => {
    noteWrite();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['entity', entity.name] }),
      queryClient.invalidateQueries({ queryKey: ['bpm'] }),
    ]);
  };

  const ask = (decision: Decision) =>
    new Promise<Record<string, unknown> | null>((resolve) => {
      form.resetFields();
      setAsked({
        decision,
        resolve: (values) => {
          setAsked(null);
          resolve(values);
        },
      });
    });

  const decide = async (decision: Decision) => {
    if (busy || documentId === null) return;
    const values = await ask(decision);
    if (!values) return;
    setBusy(decision);
    try {
      const body = {
        comment: values.comment,
        internalFlag: values.internal ? 'Y' : 'N',
        ...(values.toUserId ? { toUserId: values.toUserId } : {}),
      };
      if (decision === 'doWithdraw') {
        await request(api, `${BPM_PROCESS}/doWithdraw`, { entityName: entity.name, documentId, ...body });
      } else {
        await request(api, `${BPM_TASK}/${decision}`, { taskId: approval?.myTask?.taskId, ...body });
      }
      void message.success(labels.t('ui.bpm.done', { action: labels.t(`ui.bpm.${decision}`) }));
      await refresh();
    } catch (error) {
      void message.error(error instanceof ApiFailure ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  const confirmSubmit = async (action: string): Promise<boolean> => {
    if (documentId === null) return true;
    let data: Preview;
    try {
      data = (
        await request<Preview>(api, `${BPM_PROCESS}/preview`, { entityName: entity.name, documentId, action })
      ).data;
    } catch (error) {
      void message.error(error instanceof ApiFailure ? error.message : String(error));
      return false;
    }
    return new Promise<boolean>((resolve) =>
      setPreview({
        data,
        resolve: (go) => {
          setPreview(null);
          resolve(go);
        },
      }),
    );
  };

  const my = approval?.myTask;
  const button = (decision: Decision, extra: { type?: 'primary'; danger?: boolean } = {}) => (
    <Button
      key={decision}
      {...extra}
      data-testid={`bpm-${decision}`}
      loading={busy === decision}
      disabled={disabled || (busy !== null && busy !== decision)}
      onClick={() => void decide(decision)}
    >
      {labels.t(`ui.bpm.${decision}`)}
    </Button>
  );
  const buttons = (
    <>
      {approval?.canWithdraw && button('doWithdraw')}
      {my && button('doTransfer')}
      {my && button('doAddSign')}
      {my?.canReturn && button('doReturn')}
      {my && button('doReject', { danger: true })}
      {my && button('doApprove', { type: 'primary' })}
    </>
  );

  const needsComment = asked?.decision === 'doReject' || asked?.decision === 'doReturn';
  const needsUser = asked?.decision === 'doTransfer' || asked?.decision === 'doAddSign';
  const nodeName = (node: { nodeName: string; nodeNameEn: string | null }) =>
    labels.locale === 'en' && node.nodeNameEn ? node.nodeNameEn : node.nodeName;
  const modal = (
    <>
      <Modal
        open={!!asked}
        zIndex={MODAL_Z_INDEX}
        title={asked ? labels.t(`ui.bpm.${asked.decision}`) : ''}
        okText={labels.t('ui.ok')}
        cancelText={labels.t('ui.cancel')}
        okButtonProps={{ danger: asked?.decision === 'doReject', 'data-testid': 'bpm-confirm' } as never}
        destroyOnHidden
        onCancel={() => asked?.resolve(null)}
        onOk={async () => asked?.resolve((await form.validateFields()) as Record<string, unknown>)}
      >
        {my?.onBehalfOfId && asked?.decision !== 'doWithdraw' && (
          <Typography.Paragraph type="secondary">{labels.t('ui.bpm.delegated')}</Typography.Paragraph>
        )}
        <Form form={form} layout="vertical">
          {needsUser && (
            <Form.Item
              name="toUserId"
              label={labels.t('ui.bpm.toUser')}
              rules={[{ required: true, message: labels.t('ui.bpm.toUserRequired') }]}
            >
              <RefSelect field={USER_FIELD} />
            </Form.Item>
          )}
          <Form.Item
            name="comment"
            label={labels.t('ui.bpm.comment')}
            rules={
              needsComment
                ? [{ required: true, whitespace: true, message: labels.t('bpm.commentRequired') }]
                : []
            }
          >
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={2000}
              showCount
              data-testid="bpm-comment"
            />
          </Form.Item>
          {side === 'internal' && asked?.decision !== 'doWithdraw' && (
            <Form.Item name="internal" valuePropName="checked">
              <Checkbox>{labels.t('ui.bpm.internalComment')}</Checkbox>
            </Form.Item>
          )}
        </Form>
      </Modal>
      <Modal
        open={!!preview}
        zIndex={MODAL_Z_INDEX}
        title={labels.t('ui.bpm.previewTitle')}
        okText={labels.t('ui.bpm.submitNow')}
        cancelText={labels.t('ui.cancel')}
        okButtonProps={{ 'data-testid': 'bpm-preview-ok' } as never}
        onCancel={() => preview?.resolve(false)}
        onOk={() => preview?.resolve(true)}
      >
        {preview && (
          <div data-testid="approval-preview">
            <Typography.Paragraph type="secondary">
              {preview.data.processName} ·{' '}
              {labels.t('ui.bpm.version', { version: preview.data.templateVersion })}
            </Typography.Paragraph>
            <Steps
              orientation="vertical"
              size="small"
              current={-1}
              items={preview.data.nodes.map((node) => ({
                title: nodeName(node),
                content: (
                  <span>
                    <Tag>{labels.code('BPM_SIGN_MODE', node.signMode)}</Tag>
                    {node.approvers.map((approver) => approver.name).join('、')}
                  </span>
                ),
              }))}
            />
            {preview.data.skipped.length > 0 && (
              <Typography.Paragraph type="secondary">
                {labels.t('ui.bpm.skipped', { nodes: preview.data.skipped.map(nodeName).join('、') })}
              </Typography.Paragraph>
            )}
          </div>
        )}
      </Modal>
    </>
  );
  return { buttons, modal, confirmSubmit };
}
