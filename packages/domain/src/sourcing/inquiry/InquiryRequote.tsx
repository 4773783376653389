// 发起新一轮报价 (srmInquiry doRequote, in a dialog): on an opened inquiry the buyer picks the
// suppliers and the materials to quote again — those that quoted and every material at first,
// each with what it counts now (the supplier's total, the lowest price) — a new deadline and the
// reason the suppliers read. The round's quotations start from each supplier's offer that counts
// and stay sealed until the inquiry is opened again; the server checks every choice again.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Col, Form, Input, Modal, Row as GridRow, Table, Tag, Typography } from 'antd';
import { type EntityDef, MODAL_Z_INDEX, formatNumber } from '@srm/kernel';
import { ApiFailure, DateInput, invalidateAfterWrite, request, useApi, useLabels } from '@srm/platform-ui';
import { ComparisonProgress, useComparisonTotals } from './comparisonQuery';

type Row = Readonly<Record<string, unknown>>;

interface Answer {
  readonly inquirySupplierId: number;
  readonly supplierId: number;
  readonly supplierName: string;
  readonly answerStatus: string;
  readonly roundNum: number;
}

interface Column {
  readonly supplierId: number;
  readonly totalAmount: number | null;
}

interface Material {
  readonly inquiryItemId: number;
  readonly lineNum: number;
  readonly itemName: unknown;
  readonly quantity: number;
  readonly uomName: unknown;
  readonly lowestPrice: number | null;
}

interface Comparison {
  readonly roundNum: number;
  readonly suppliers: readonly Answer[];
  readonly columns?: readonly Column[];
  readonly items: readonly Material[];
}

export interface InquiryRequoteProps {
  readonly entity: EntityDef;
  readonly row: Row;
  onClose(): void;
}

const K = 'srmInquiry.requote';

export default function InquiryRequote({ entity, row, onClose }: InquiryRequoteProps) {
  const api = useApi();
  const labels = useLabels();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ quoteDeadline: number; comment: string }>();
  const [suppliers, setSuppliers] = useState<number[] | null>(null);
  const [items, setItems] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);
  const id = row[entity.key];
  const comparison = useComparisonTotals<Comparison>(entity, row);
  const data = comparison.data;
  const totals = new Map((data?.columns ?? []).map((column) => [column.supplierId, column.totalAmount]));
  // At first: every supplier with an offer that counts, and every material.
  const chosenSuppliers =
    suppliers ??
    (data?.suppliers ?? []).filter((s) => totals.has(s.supplierId)).map((s) => s.inquirySupplierId);
  const chosenItems = items ?? (data?.items ?? []).map((item) => item.inquiryItemId);
  const round = (data?.roundNum ?? 1) + 1;
  const action = labels.action(entity.name, 'doRequote');
  const field = (name: string) => labels.field(entity.name, name);

  const submit = async () => {
    const values = await form.validateFields();
    if (!chosenSuppliers.length || !chosenItems.length) {
      void message.error(labels.t(`${K}.chooseBoth`));
      return;
    }
    setBusy(true);
    try {
      await request(api, `${entity.apiPath}/doRequote`, {
        [entity.key]: id,
        versionNum: row.versionNum,
        quoteDeadline: values.quoteDeadline,
        comment: values.comment,
        inquirySupplierIds: chosenSuppliers,
        inquiryItemIds: chosenItems,
      });
      void message.success(labels.t('ui.action.done', { action }));
      await invalidateAfterWrite(queryClient, entity);
      onClose();
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
      width={960}
      zIndex={MODAL_Z_INDEX}
      title={labels.t(`${K}.title`, { number: String(row.inquiryNum ?? ''), round })}
      okText={labels.t('ui.ok')}
      cancelText={labels.t('ui.cancel')}
      okButtonProps={{ loading: busy, disabled: !data }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <ComparisonProgress query={comparison} />
      {data && (
        <div data-testid="inquiry-requote">
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={labels.t(`${K}.note`)} />
          <Form form={form} layout="vertical">
            <GridRow gutter={16}>
              <Col span={8}>
                <Form.Item
                  name="quoteDeadline"
                  label={field('quoteDeadline')}
                  rules={[{ required: true, message: labels.t('validation.required') }]}
                >
                  <DateInput kind="datetime" />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item
                  name="comment"
                  label={labels.t(`${K}.reason`)}
                  rules={[{ required: true, whitespace: true, message: labels.t('workflow.needsComment') }]}
                >
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} showCount />
                </Form.Item>
              </Col>
            </GridRow>
          </Form>
          <Typography.Text strong>
            {labels.t(`${K}.suppliers`, { chosen: chosenSuppliers.length, all: data.suppliers.length })}
          </Typography.Text>
          <Table<Answer>
            size="small"
            bordered
            rowKey="inquirySupplierId"
            pagination={false}
            style={{ margin: '8px 0 16px' }}
            scroll={{ y: 180 }}
            dataSource={[...data.suppliers]}
            rowSelection={{
              selectedRowKeys: chosenSuppliers,
              onChange: (keys) => setSuppliers(keys.map(Number)),
            }}
            columns={[
              { title: labels.field('srmInquirySupplier', 'supplierName'), dataIndex: 'supplierName' },
              {
                title: labels.field('srmInquirySupplier', 'answerStatus'),
                dataIndex: 'answerStatus',
                width: 140,
                render: (status: string) => <Tag>{labels.code('SRC_ANSWER_STATUS', status)}</Tag>,
              },
              {
                title: labels.t(`${K}.total`),
                key: 'total',
                width: 160,
                align: 'right',
                render: (_value, answer) => {
                  const total = totals.get(answer.supplierId);
                  return typeof total === 'number' ? formatNumber(total, 2) : '—';
                },
              },
            ]}
          />
          <Typography.Text strong>
            {labels.t(`${K}.items`, { chosen: chosenItems.length, all: data.items.length })}
          </Typography.Text>
          <Table<Material>
            size="small"
            bordered
            rowKey="inquiryItemId"
            pagination={false}
            style={{ marginTop: 8 }}
            scroll={{ y: 200 }}
            dataSource={[...data.items]}
            rowSelection={{
              selectedRowKeys: chosenItems,
              onChange: (keys) => setItems(keys.map(Number)),
            }}
            columns={[
              { title: labels.field('srmInquiryItem', 'lineNum'), dataIndex: 'lineNum', width: 70 },
              {
                title: labels.field('srmInquiryItem', 'itemName'),
                key: 'itemName',
                render: (_value, item) => String(item.itemName ?? ''),
              },
              {
                title: labels.field('srmInquiryItem', 'quantity'),
                key: 'quantity',
                width: 140,
                align: 'right',
                render: (_value, item) =>
                  `${formatNumber(item.quantity, 4).replace(/\.?0+$/, '')} ${String(item.uomName ?? '')}`,
              },
              {
                title: labels.t(`${K}.lowest`),
                dataIndex: 'lowestPrice',
                width: 140,
                align: 'right',
                render: (value: number | null) => (value === null ? '—' : String(value)),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
