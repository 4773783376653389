// 办理返还: the dialog in which the buyer records a mould or sample fee refund as refunded (only a
// due one), waives it (due or not yet due), with a remark, or — a due fee the buyer paid —
// withholds it from the supplier's payments (转扣款: settlement issues a deduction); the page then
// shows the contract with the line's new state.
import { useState } from 'react';
import { App, Input, Modal, Radio, Select, Space } from 'antd';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { ApiFailure, request, useApi, useLabels, useScreen } from '@srm/platform-ui';

type Row = Record<string, unknown>;

export interface ContractRefundSettleProps {
  readonly row: Row;
  onClose(): void;
}

export default function ContractRefundSettle({ row, onClose }: ContractRefundSettleProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { message } = App.useApp();
  const open = ((row.refunds as Row[] | undefined) ?? []).filter(
    (line) => line.refundStatus === 'PENDING' || line.refundStatus === 'DUE',
  );
  const [picked, setPicked] = useState<Row | undefined>(
    open.find((line) => line.refundStatus === 'DUE') ?? open[0],
  );
  const [outcome, setOutcome] = useState<'REFUNDED' | 'WAIVED' | 'DEDUCTED'>('REFUNDED');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const field = (name: string) => labels.field('srmCctContractRefund', name);
  const code = (type: string, value: unknown) => labels.code(type, String(value));
  const due = picked?.refundStatus === 'DUE';
  const deductible = due && picked?.paidBy === 'BUYER';
  const chosen = !due ? 'WAIVED' : outcome === 'DEDUCTED' && !deductible ? 'REFUNDED' : outcome;

  const submit = async () => {
    if (!picked) return;
    setBusy(true);
    try {
      if (chosen === 'DEDUCTED') {
        const made = await request<{ deductionNumber: string }>(
          api,
          '/api/srm/v1/srmStlDeductionRestful/fromContractRefund',
          { contractId: row.contractId, contractRefundId: picked.contractRefundId },
        );
        void message.success(
          labels.t('srmCctContractRefund.deducted', { number: made.data.deductionNumber }),
        );
      } else {
        await request(api, '/api/srm/v1/srmCctContractRestful/settleRefund', {
          contractId: row.contractId,
          contractRefundId: picked.contractRefundId,
          outcome: chosen,
          ...(remark.trim() ? { remark: remark.trim() } : {}),
        });
        void message.success(labels.t('ui.edit.saved'));
      }
      onClose();
      screen.open('contractManage/cctContractEdit', { contractId: row.contractId as number });
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
      zIndex={MODAL_Z_INDEX}
      title={labels.action('srmCctContract', 'settleRefund')}
      onCancel={onClose}
      okButtonProps={{ disabled: !picked, loading: busy }}
      onOk={() => void submit()}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          style={{ width: '100%' }}
          placeholder={field('lineNum')}
          value={picked?.contractRefundId as number | undefined}
          onChange={(id) => setPicked(open.find((line) => line.contractRefundId === id))}
          options={open.map((line) => ({
            value: line.contractRefundId as number,
            label: `${String(line.lineNum)} · ${code('CCT_REFUND_FEE_TYPE', line.feeType)} ${Number(
              line.feeAmount,
            ).toLocaleString('en-US', {
              minimumFractionDigits: 2,
            })} · ${code('CCT_REFUND_STATUS', line.refundStatus)}`,
          }))}
        />
        <Radio.Group value={chosen} onChange={(event) => setOutcome(event.target.value)}>
          <Radio value="REFUNDED" disabled={!due}>
            {code('CCT_REFUND_STATUS', 'REFUNDED')}
          </Radio>
          <Radio value="WAIVED">{code('CCT_REFUND_STATUS', 'WAIVED')}</Radio>
          <Radio value="DEDUCTED" disabled={!deductible} data-testid="refund-deduct">
            {labels.action('srmStlDeduction', 'fromContractRefund')}
          </Radio>
        </Radio.Group>
        <Input.TextArea
          rows={3}
          maxLength={240}
          placeholder={field('remark')}
          disabled={chosen === 'DEDUCTED'}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
      </Space>
    </Modal>
  );
}
