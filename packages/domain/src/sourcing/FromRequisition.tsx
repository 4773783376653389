// 由申请创建 on the inquiry and auction lists: the buyer picks an approved requisition; the server
// makes a draft event of what remains open on its lines (their materials, quantities and dates, the
// suggested suppliers invited) and the new document opens in its tab to be completed and submitted.
// Its award's approval then drafts the orders of those lines.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileAddOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Modal, Typography } from 'antd';
import { type EntityDef, MODAL_Z_INDEX, ref } from '@srm/kernel';
import {
  ApiFailure,
  type ListButton,
  type ListButtonProps,
  RefSelect,
  request,
  useApi,
  useLabels,
  useScreen,
  useSession,
} from '@srm/platform-ui';

/** The requisitions offered: approved ones (the server says when nothing remains open on one). */
const requisitionField = ref('srmPurRequisitionHeader', {
  required: true,
  display: 'requisitionNumber',
  filter: () => ({ status: 'APPROVED' }),
});

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
  const [requisitionHeaderId, setRequisition] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = (key: string, params?: Record<string, string>) =>
    labels.t(`${entity.name}.fromRequisition.${key}`, params);
  const numberField = entity.numbering?.field ?? entity.key;

  const create = async () => {
    if (requisitionHeaderId === null) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await request<Record<string, unknown>>(api, `${entity.apiPath}/createFromRequisition`, {
        requisitionHeaderId,
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

  return (
    <Modal
      open
      zIndex={MODAL_Z_INDEX}
      title={t('title')}
      okText={t('ok')}
      okButtonProps={{ disabled: requisitionHeaderId === null, loading: busy }}
      onOk={() => void create()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={labels.t('sourcing.fromRequisition.requisition')} required>
          <RefSelect
            id="sourcing-from-requisition"
            field={requisitionField}
            row={{}}
            value={requisitionHeaderId}
            onChange={(next) => {
              setRequisition(typeof next === 'number' ? next : null);
              setError(null);
            }}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
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
