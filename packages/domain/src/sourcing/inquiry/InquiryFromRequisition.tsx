// 由申请创建 on the inquiry list: the buyer picks an approved requisition; the server makes a draft
// inquiry of what remains open on its lines (their materials, quantities and dates, the suggested
// suppliers invited) and the new inquiry opens in its tab to be completed and submitted. Its award's
// approval then drafts the orders of those lines.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Modal, Typography } from 'antd';
import { MODAL_Z_INDEX, ref } from '@srm/kernel';
import { ApiFailure, RefSelect, request, useApi, useLabels, useScreen } from '@srm/platform-ui';
import { inquiry } from './inquiry.entity';

/** The requisitions offered: approved ones (the server says when nothing remains open on one). */
const requisitionField = ref('srmPurRequisitionHeader', {
  required: true,
  display: 'requisitionNumber',
  filter: () => ({ status: 'APPROVED' }),
});

export default function InquiryFromRequisition({ onClose }: { onClose(): void }) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [requisitionHeaderId, setRequisition] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = (key: string, params?: Record<string, string>) =>
    labels.t(`srmInquiry.fromRequisition.${key}`, params);

  const create = async () => {
    if (requisitionHeaderId === null) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await request<{ inquiryId: number; inquiryNum: string }>(
        api,
        `${inquiry.apiPath}/createFromRequisition`,
        { requisitionHeaderId },
      );
      void message.success(t('created', { number: answer.data.inquiryNum }));
      void queryClient.invalidateQueries({ queryKey: ['entity', inquiry.name] });
      onClose();
      screen.open('inquiryProposalEdit', { inquiryId: answer.data.inquiryId });
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
        <Form.Item label={t('requisition')} required>
          <RefSelect
            id="inquiry-from-requisition"
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
