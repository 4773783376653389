// The buttons of an interface definition (web): 新建版本 (an effective or invalid definition is
// changed through a draft of its next version, opened in its tab), 试运行 (the call rendered for a
// document picked by its number: URL, headers and body with secrets masked; nothing is sent) and
// 立即发送 (an effective definition sends a picked document now).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BranchesOutlined, ExperimentOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Form, Modal, Typography } from 'antd';
import { ref } from '@srm/kernel';
import {
  ApiFailure,
  type EditButton,
  type EditButtonProps,
  RefSelect,
  invalidateAfterWrite,
  request,
  useApi,
  useLabels,
  useScreen,
} from '@srm/platform-ui';

type Row = Readonly<Record<string, unknown>>;
const ENTITY = 'baseScsiDefinition';
const EDIT_PATH = 'scsiDefinition/scsiDefinitionEdit';
const PRE = { maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', margin: 0 } as const;

function NewVersionButton({ entity, row, disabled }: EditButtonProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (row.status !== 'EFFECTIVE' && row.status !== 'INVALID') return null;
  const run = async () => {
    setBusy(true);
    try {
      const answer = await request<Row>(api, `${entity.apiPath}/doNewVersion`, {
        definitionId: row.definitionId,
      });
      await invalidateAfterWrite(queryClient, entity);
      void message.success(
        labels.t('intf.definition.newVersionDone', { version: String(answer.data.definitionVersion) }),
      );
      screen.open(EDIT_PATH, { definitionId: Number(answer.data.definitionId) });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<BranchesOutlined />} loading={busy} disabled={disabled} onClick={() => void run()}>
      {labels.action(entity.name, 'doNewVersion')}
    </Button>
  );
}

interface Rendered {
  readonly idempotencyKey: string;
  readonly orderingKey: string | null;
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string | null;
}

/** A document of the definition's business object, picked by its number or name. */
function DocumentDialog({
  entity,
  row,
  endpoint,
  onClose,
}: EditButtonProps & { readonly endpoint: 'doDryRun' | 'doSend'; readonly onClose: () => void }) {
  const api = useApi();
  const labels = useLabels();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [businessId, setBusinessId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const field = ref(String(row.businessEntity), { required: true });
  const run = async () => {
    if (businessId === null) return;
    setBusy(true);
    try {
      const body = { definitionId: row.definitionId, businessId };
      if (endpoint === 'doDryRun') {
        setRendered((await request<Rendered>(api, `${entity.apiPath}/doDryRun`, body)).data);
      } else {
        const answer = await request<{ outboxId: number | null }>(api, `${entity.apiPath}/doSend`, body);
        await invalidateAfterWrite(queryClient, entity);
        void message.success(
          labels.t(answer.data.outboxId ? 'intf.definition.sendQueued' : 'intf.definition.sendDuplicate'),
        );
        onClose();
      }
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={endpoint === 'doDryRun' ? 880 : 520}
      title={labels.action(entity.name, endpoint)}
      okText={labels.action(entity.name, endpoint)}
      okButtonProps={{ disabled: businessId === null, loading: busy }}
      onOk={() => void run()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={labels.t('intf.definition.document')} required>
          <RefSelect
            field={field}
            value={businessId}
            onChange={(value) => setBusinessId(typeof value === 'number' ? value : null)}
          />
        </Form.Item>
      </Form>
      {rendered && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={labels.t('intf.definition.request')}>
            <Typography.Text code>{`${rendered.method} ${rendered.url}`}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={labels.field(ENTITY, 'idempotencyKeyTemplate')}>
            {rendered.idempotencyKey}
          </Descriptions.Item>
          <Descriptions.Item label={labels.t('intf.definition.headers')}>
            <pre style={PRE}>
              {Object.entries(rendered.headers)
                .map(([name, value]) => `${name}: ${value}`)
                .join('\n')}
            </pre>
          </Descriptions.Item>
          <Descriptions.Item label={labels.t('intf.definition.body')}>
            <pre style={PRE}>{pretty(rendered.body)}</pre>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

/** A JSON body indented for reading; any other body as it is. */
function pretty(body: string | null): string {
  if (body === null) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function documentButton(endpoint: 'doDryRun' | 'doSend'): EditButton {
  function DocumentButton(props: EditButtonProps) {
    const labels = useLabels();
    const [open, setOpen] = useState(false);
    if (endpoint === 'doSend' && props.row.status !== 'EFFECTIVE') return null;
    if (!props.row.definitionId) return null;
    return (
      <>
        <Button
          icon={endpoint === 'doSend' ? <SendOutlined /> : <ExperimentOutlined />}
          disabled={props.disabled}
          onClick={() => setOpen(true)}
        >
          {labels.action(props.entity.name, endpoint)}
        </Button>
        {open && <DocumentDialog {...props} endpoint={endpoint} onClose={() => setOpen(false)} />}
      </>
    );
  }
  return { key: endpoint, resource: `${ENTITY}.${endpoint}`, component: DocumentButton };
}

export const definitionButtons: EditButton[] = [
  { key: 'doNewVersion', resource: `${ENTITY}.doNewVersion`, component: NewVersionButton },
  documentButton('doDryRun'),
  documentButton('doSend'),
];
