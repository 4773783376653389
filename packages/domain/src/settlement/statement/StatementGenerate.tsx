// 生成对账单 (srmStlAccountHeader/generate, in a dialog): the organisation, currency and period,
// and one supplier or every supplier with something to settle. The server takes the posted
// receipts, returns and reversals of the period not yet settled and not excluded; it answers the
// statements made, or why none was.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Col, Form, Modal, Row as GridRow } from 'antd';
import { type EntityDef, MODAL_Z_INDEX, type RefField } from '@srm/kernel';
import {
  ApiFailure,
  DateInput,
  RefSelect,
  invalidateAfterWrite,
  request,
  useApi,
  useLabels,
} from '@srm/platform-ui';

interface Values {
  orgId: number;
  supplierId?: number | null;
  currencyId: number;
  periodStartDate: string;
  periodEndDate: string;
}

export interface StatementGenerateProps {
  readonly entity: EntityDef;
  onClose(): void;
}

const K = 'settlement.generate';

const isoDay = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

export default function StatementGenerate({ entity, onClose }: StatementGenerateProps) {
  const api = useApi();
  const labels = useLabels();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const now = new Date();
  const field = (name: string) => labels.field(entity.name, name);
  const ref = (name: string) => entity.fields[name] as RefField;
  const required = [{ required: true, message: labels.t('validation.required') }];

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const made = await request<readonly unknown[]>(api, `${entity.apiPath}/generate`, {
        ...values,
        supplierId: values.supplierId ?? null,
      });
      void message.success(labels.t(`${K}.done`, { count: made.data.length }));
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
      width={720}
      zIndex={MODAL_Z_INDEX}
      title={labels.t(`${K}.title`)}
      okText={labels.t(`${K}.button`)}
      cancelText={labels.t('ui.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="statement-generate">
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={labels.t(`${K}.note`)} />
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            periodStartDate: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)),
            periodEndDate: isoDay(now),
          }}
        >
          <GridRow gutter={16}>
            <Col span={12}>
              <Form.Item name="orgId" label={field('orgId')} rules={required}>
                <RefSelect field={ref('orgId')} row={{}} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="currencyId" label={field('currencyId')} rules={required}>
                <RefSelect field={ref('currencyId')} row={{}} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="supplierId" label={field('supplierId')} extra={labels.t(`${K}.allSuppliers`)}>
                <RefSelect field={ref('supplierId')} row={{}} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="periodStartDate" label={field('periodStartDate')} rules={required}>
                <DateInput kind="date" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="periodEndDate" label={field('periodEndDate')} rules={required}>
                <DateInput kind="date" />
              </Form.Item>
            </Col>
          </GridRow>
        </Form>
      </div>
    </Modal>
  );
}
