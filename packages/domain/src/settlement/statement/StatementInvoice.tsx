// 按对账单开票 (srmStlInvoiceHeader/createFromStatement, in a dialog): on its confirmed statement the
// supplier gives its printed invoice's type, code, number and date; the server makes a draft with a
// line for every statement line still to invoice, and the invoice opens for the supplier to make it
// read as printed and submit it. 按订单开票 (createFromOrders, from the supplier's invoice list) asks
// for its orders too, where the organisation allows invoicing by order.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Col, Form, Input, Modal, Row as GridRow, Select } from 'antd';
import { MODAL_Z_INDEX, formatNumber } from '@srm/kernel';
import { ApiFailure, DateInput, request, useApi, useLabels, useScreen } from '@srm/platform-ui';

interface Values {
  poHeaderIds?: number[];
  invoiceType: string;
  invoiceCode?: string;
  invoiceNumber: string;
  invoiceDate: string;
}

export interface StatementInvoiceProps {
  /** The confirmed statement invoiced, or none: the supplier picks its orders (按订单开票). */
  readonly accountHeaderId?: number;
  onClose(): void;
}

interface OrderRow {
  readonly poHeaderId: number;
  readonly poNumber: string | null;
  readonly orgName: string | null;
  readonly currencyCode: string | null;
  readonly amountInclTax: number | null;
}

const INVOICE = 'srmStlInvoiceHeader';
const TYPES = ['VAT_SPECIAL', 'VAT_ORDINARY', 'DIGITAL'];

export default function StatementInvoice({ accountHeaderId, onClose }: StatementInvoiceProps) {
  const byOrder = accountHeaderId === undefined;
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const type = Form.useWatch('invoiceType', form);
  const field = (name: string) => labels.field(INVOICE, name);
  const required = [{ required: true, whitespace: true, message: labels.t('validation.required') }];
  const orders = useQuery({
    queryKey: ['entity', 'srmPoHeader', 'toInvoice'],
    enabled: byOrder,
    queryFn: async () =>
      (
        await request<OrderRow[]>(api, '/api/srm/v1/srmPoHeaderRestful/listByPage', {
          pageIndex: 1,
          pageRows: 200,
          status: ['RELEASED', 'CONFIRMED', 'CLOSED'],
        })
      ).data,
  });

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const made = await request<{ invoiceId: number }>(
        api,
        `/api/srm/v1/${INVOICE}Restful/${byOrder ? 'createFromOrders' : 'createFromStatement'}`,
        {
          ...(byOrder ? {} : { accountHeaderId }),
          ...values,
          invoiceCode: values.invoiceType === 'DIGITAL' ? null : (values.invoiceCode ?? null),
        },
      );
      onClose();
      screen.open('supplierInvoiceEdit', { invoiceId: Number(made.data.invoiceId) });
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
      width={640}
      zIndex={MODAL_Z_INDEX}
      title={labels.action(INVOICE, byOrder ? 'createFromOrders' : 'createFromStatement')}
      okText={labels.t('ui.ok')}
      cancelText={labels.t('ui.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="statement-invoice"
        initialValues={{ invoiceType: 'VAT_SPECIAL' }}
      >
        <GridRow gutter={16}>
          {byOrder && (
            <Col span={24}>
              <Form.Item
                name="poHeaderIds"
                label={labels.t('settlement.invoice.byOrder.orders')}
                rules={[{ required: true, message: labels.t('validation.required') }]}
              >
                <Select
                  mode="multiple"
                  loading={orders.isFetching}
                  optionFilterProp="label"
                  options={(orders.data ?? []).map((row) => ({
                    value: row.poHeaderId,
                    label: `${row.poNumber ?? ''} · ${row.orgName ?? ''} · ${row.currencyCode ?? ''} ${formatNumber(row.amountInclTax ?? 0, 2)}`,
                  }))}
                />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="invoiceType" label={field('invoiceType')} rules={required}>
              <Select
                options={TYPES.map((code) => ({
                  value: code,
                  label: labels.code('STL_INVOICE_TYPE', code),
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="invoiceDate" label={field('invoiceDate')} rules={required}>
              <DateInput kind="date" />
            </Form.Item>
          </Col>
          {type !== 'DIGITAL' && (
            <Col span={12}>
              <Form.Item name="invoiceCode" label={field('invoiceCode')} rules={required}>
                <Input maxLength={12} />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="invoiceNumber" label={field('invoiceNumber')} rules={required}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
        </GridRow>
      </Form>
    </Modal>
  );
}
