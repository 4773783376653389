// 下达预览 (web): what the approval of an award will write to purchasing — price list rows (and how
// many older prices each ends), a draft agreement per supplier, approved-supplier-list rows — each
// marked new, already written by an earlier run, or already listed. For inquiry and auction awards.
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type EntityDef, MODAL_Z_INDEX, formatNumber } from '@srm/kernel';
import { ApiFailure, request, useApi, useLabels } from '@srm/platform-ui';
import type { PreviewRow } from './award.endpoints';

const K = 'sourcingAward.preview';
/** A price with its digits, at least two after the point (6.20, 0.27, 5.486726). */
const price = (value: number) => formatNumber(value, 6).replace(/(\.\d\d\d*?)0+$/, '$1');
const STATE_COLORS: Readonly<Record<PreviewRow['state'], string>> = {
  NEW: 'blue',
  DONE: 'default',
  LISTED: 'default',
};

export interface HandOffPreviewProps {
  readonly entity: EntityDef;
  readonly row: Record<string, unknown>;
  onClose(): void;
}

export default function HandOffPreview({ entity, row, onClose }: HandOffPreviewProps) {
  const api = useApi();
  const labels = useLabels();
  const id = row[entity.key];
  const preview = useQuery({
    queryKey: ['entity', entity.name, 'handOffPreview', id, row.versionNum],
    queryFn: async () =>
      (await request<{ rows: PreviewRow[] }>(api, `${entity.apiPath}/handOffPreview`, { [entity.key]: id }))
        .data,
  });
  const t = (key: string, params?: Record<string, string | number>) => labels.t(`${K}.${key}`, params);
  const columns: ColumnsType<PreviewRow> = [
    { key: 'kind', title: t('kind'), width: 130, render: (_, r) => t(`kind.${r.kind}`) },
    { key: 'supplier', title: t('supplier'), dataIndex: 'supplierName', width: 200 },
    { key: 'item', title: t('item'), dataIndex: 'itemName' },
    {
      key: 'from',
      title: t('fromQuantity'),
      width: 110,
      align: 'right',
      render: (_, r) =>
        r.fromQuantity === null ? '' : formatNumber(r.fromQuantity, 4).replace(/\.?0+$/, ''),
    },
    {
      key: 'quantity',
      title: t('quantity'),
      width: 110,
      align: 'right',
      render: (_, r) => (r.quantity === null ? '' : formatNumber(r.quantity, 4).replace(/\.?0+$/, '')),
    },
    {
      key: 'price',
      title: t('unitPrice'),
      width: 120,
      align: 'right',
      render: (_, r) => (r.unitPrice === null ? '' : price(r.unitPrice)),
    },
    {
      key: 'state',
      title: t('state'),
      width: 110,
      render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{t(`state.${r.state}`)}</Tag>,
    },
    {
      key: 'note',
      title: t('note'),
      width: 220,
      render: (_, r) =>
        r.closes
          ? t('closes', { count: r.closes })
          : r.number
            ? t(r.kind === 'ORDER' ? 'existingOrder' : 'existing', { number: r.number })
            : '',
    },
  ];
  const rows = preview.data?.rows ?? [];
  const fresh = rows.filter((r) => r.state === 'NEW').length;
  return (
    <Modal
      open
      width={1100}
      zIndex={MODAL_Z_INDEX}
      title={t('title', { number: String(row[entity.display ?? entity.key] ?? '') })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {preview.isPending && <Skeleton active />}
      {preview.isError && (
        <Alert
          type="error"
          showIcon
          title={preview.error instanceof ApiFailure ? preview.error.message : String(preview.error)}
        />
      )}
      {preview.data && (
        <>
          <Typography.Paragraph type="secondary">
            {rows.length ? t('summary', { count: fresh }) : t('nothing')}
          </Typography.Paragraph>
          <Table<PreviewRow>
            size="small"
            rowKey="key"
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ y: 520 }}
          />
        </>
      )}
    </Modal>
  );
}
