// 选择待付来源 on a payment application: once its supplier, organisation and currency are chosen,
// a dialog lists what the account has open — matched invoices not paid in full, paid advances
// with a balance, acknowledged deductions — each with its open amount; the sources ticked become
// lines at their open amount (a source already on a line is not added twice), to be lessened by
// hand. Below it, the application's lines as on every document.
import { useState } from 'react';
import { PlusSquareOutlined } from '@ant-design/icons';
import { App, Button, Form, Modal, Table } from 'antd';
import { MODAL_Z_INDEX, formatNumber } from '@srm/kernel';
import { ApiFailure, LinesCard, type LinesEditorProps, request, useApi, useLabels } from '@srm/platform-ui';
import type { OpenSource } from './payment.actions';

type Row = Record<string, unknown>;
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? value : []);
const REF_OF = { INVOICE: 'invoiceId', ADVANCE: 'advanceId', DEDUCTION: 'deductionId' } as const;
const keyOf = (source: Pick<OpenSource, 'sourceType' | 'id'>) => `${source.sourceType}-${source.id}`;

export default function PaymentSourceLines(props: LinesEditorProps) {
  const { entity, form, saved, editable, onChanged } = props;
  const api = useApi();
  const labels = useLabels();
  const { message } = App.useApp();
  const [open, setOpen] = useState<OpenSource[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const supplierId: unknown = Form.useWatch('supplierId', form);
  const orgId: unknown = Form.useWatch('orgId', form);
  const currencyId: unknown = Form.useWatch('currencyId', form);
  const account = { supplierId, orgId, currencyId };
  const ready = Object.values(account).every((value) => typeof value === 'number');
  const t = (key: string) => labels.t(`settlement.payment.sources.${key}`);

  const show = async () => {
    setBusy(true);
    try {
      const answer = await request<OpenSource[]>(api, `${entity.apiPath}/openSources`, {
        ...account,
        paymentId: saved?.paymentId ?? null,
      });
      const taken = new Set(
        rowsOf(form.getFieldValue('lines')).flatMap((row) => {
          const type = row.sourceType;
          if (type !== 'INVOICE' && type !== 'ADVANCE' && type !== 'DEDUCTION') return [];
          const id = row[REF_OF[type]];
          return typeof id === 'number' ? [keyOf({ sourceType: type, id })] : [];
        }),
      );
      const left = answer.data.filter((source) => !taken.has(keyOf(source)));
      setOpen(left);
      setChosen(left.map(keyOf));
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };

  const add = () => {
    const current = rowsOf(form.getFieldValue('lines'));
    let next = current.reduce((max, row) => Math.max(max, Number(row.lineNum ?? 0)), 0);
    const added = (open ?? [])
      .filter((source) => chosen.includes(keyOf(source)))
      .map((source) => ({
        lineNum: (next += 1),
        sourceType: source.sourceType,
        [REF_OF[source.sourceType]]: source.id,
        sourceNumber: source.number,
        openAmount: source.openAmount,
        amount: source.openAmount,
      }));
    form.setFieldValue('lines', [...current, ...added]);
    onChanged();
    setOpen(null);
  };

  return (
    <>
      <LinesCard
        header={entity}
        collection="lines"
        line={entity.lines.lines!}
        form={form}
        editable={editable}
        onChanged={onChanged}
        issues={props.issues?.lines}
        focusIssues={props.focusIssues}
        toolbar={
          editable ? (
            <Button
              icon={<PlusSquareOutlined />}
              disabled={!ready}
              loading={busy}
              title={ready ? undefined : t('needAccount')}
              onClick={() => void show()}
              data-testid="payment-sources"
            >
              {t('choose')}
            </Button>
          ) : null
        }
      />
      <Modal
        open={open !== null}
        title={t('title')}
        width={860}
        zIndex={MODAL_Z_INDEX}
        okText={t('add')}
        okButtonProps={{ disabled: !chosen.length }}
        onOk={add}
        onCancel={() => setOpen(null)}
        destroyOnHidden
      >
        <Table<OpenSource>
          size="small"
          rowKey={keyOf}
          dataSource={open ?? []}
          pagination={false}
          scroll={{ y: 420 }}
          locale={{ emptyText: t('none') }}
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) }}
          columns={[
            {
              key: 'type',
              title: t('type'),
              width: 120,
              render: (_value, source) => labels.code('STL_PAYMENT_SOURCE', source.sourceType),
            },
            { key: 'number', title: t('number'), dataIndex: 'number' },
            { key: 'date', title: t('date'), dataIndex: 'date', width: 120 },
            {
              key: 'total',
              title: t('total'),
              width: 130,
              align: 'right',
              render: (_value, source) => formatNumber(source.total, 2),
            },
            {
              key: 'open',
              title: t('open'),
              width: 130,
              align: 'right',
              render: (_value, source) => formatNumber(source.openAmount, 2),
            },
          ]}
        />
      </Modal>
    </>
  );
}
