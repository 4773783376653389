// 验证签名: every signature of the contract's last signed copy as the server's verifier reports
// it — party, signer, signing time, the time-stamp's time, the result and what is wrong — and
// whether the file still has the SHA-256 it was archived with; and the platform's root
// certificate to download, for checking the same file outside (Acrobat, pdfsig).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MODAL_Z_INDEX, formatDateTime } from '@srm/kernel';
import { request, saveFile, useApi, useLabels, useSession } from '@srm/platform-ui';

interface Signature {
  readonly fieldName: string;
  readonly party: string | null;
  readonly signer: string | null;
  readonly signingTime: number | null;
  readonly timestampTime: number | null;
  readonly status: 'valid' | 'invalid' | 'indeterminate';
  readonly problems: readonly string[];
}

interface Report {
  readonly sha256: string;
  readonly archivedSha256: string | null;
  readonly signatures: readonly Signature[];
  readonly root: { readonly pem: string; readonly subject: string; readonly sha256: string };
}

/** The fingerprint as certificate viewers show it: AB:CD:… in pairs. */
const fingerprint = (hex: string) => hex.toUpperCase().match(/../g)!.join(':');

const COLOURS = { valid: 'success', invalid: 'error', indeterminate: 'warning' } as const;

export default function ContractVerify({ contractId, onClose }: { contractId: number; onClose(): void }) {
  const api = useApi();
  const labels = useLabels();
  const { timeZone } = useSession();
  const t = (key: string) => labels.t(`srmCctContract.verify.${key}`);
  const report = useQuery({
    queryKey: ['contract', contractId, 'verify'],
    queryFn: async () =>
      (await request<Report>(api, '/api/srm/v1/srmCctContractRestful/verifySignatures', { contractId })).data,
  });
  const time = (value: number | null) => (value ? formatDateTime(value, timeZone) : '');
  const columns: ColumnsType<Signature> = [
    {
      key: 'party',
      title: t('party'),
      width: 80,
      render: (_, row) => (row.party ? labels.t(`lookup.CCT_SIGN_PARTY.${row.party}`) : row.fieldName),
    },
    { key: 'signer', title: t('signer'), dataIndex: 'signer' },
    { key: 'signingTime', title: t('signingTime'), width: 170, render: (_, row) => time(row.signingTime) },
    {
      key: 'timestampTime',
      title: t('timestampTime'),
      width: 170,
      render: (_, row) => time(row.timestampTime),
    },
    {
      key: 'status',
      title: t('status'),
      width: 90,
      render: (_, row) => <Tag color={COLOURS[row.status]}>{t(row.status)}</Tag>,
    },
    { key: 'problems', title: t('problems'), render: (_, row) => row.problems.join(', ') },
  ];
  const data = report.data;
  return (
    <Modal open zIndex={MODAL_Z_INDEX} width={860} title={t('title')} onCancel={onClose} footer={null}>
      {report.error && <Alert type="error" showIcon message={(report.error as Error).message} />}
      {data && (
        <>
          <Alert
            type={data.sha256 === data.archivedSha256 ? 'success' : 'error'}
            showIcon
            message={data.sha256 === data.archivedSha256 ? t('archived') : t('notArchived')}
            description={<Typography.Text code>SHA-256 {data.sha256}</Typography.Text>}
            style={{ marginBottom: 12 }}
          />
          <Table<Signature>
            rowKey="fieldName"
            size="small"
            pagination={false}
            columns={columns}
            dataSource={[...data.signatures]}
            locale={{ emptyText: t('none') }}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 8 }}>
            {t('outside')}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            <Button
              size="small"
              onClick={() =>
                saveFile({
                  blob: new Blob([data.root.pem], { type: 'application/x-x509-ca-cert' }),
                  fileName: 'srm-root-ca.crt',
                })
              }
            >
              {t('downloadRoot')}
            </Button>{' '}
            <Typography.Text type="secondary">
              {data.root.subject} · SHA-256{' '}
              <Typography.Text code>{fingerprint(data.root.sha256)}</Typography.Text>
            </Typography.Text>
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
