// 条款差异: the contract's clauses against the library's wording they were copied from — what the
// approver looks at before approving. Each clause whose text differs shows the library's words it
// dropped struck through and its own underlined; the others are counted. Clauses written for this
// contract alone (not from the library) are listed as such.
import { Alert, Modal, Space, Tag, Typography } from 'antd';
import { MODAL_Z_INDEX, plainText } from '@srm/kernel';
import { useLabels } from '@srm/platform-ui';
import { InlineChanges } from './ContractCompare';

type Row = Record<string, unknown>;

export interface ContractClausesProps {
  readonly row: Row;
  onClose(): void;
}

/** The clauses whose wording is not the library's: changed ones, and those not from it. */
export function clausesDiffering(row: Row): Row[] {
  return ((row.clauses as Row[] | undefined) ?? []).filter(
    (clause) =>
      !clause.termsId ||
      plainText(String(clause.termsBody ?? '')) !== plainText(String(clause.libraryBody ?? '')),
  );
}

export default function ContractClauses({ row, onClose }: ContractClausesProps) {
  const labels = useLabels();
  const t = (key: string, params?: Record<string, string | number>) =>
    labels.t(`srmCctContract.clauses.${key}`, params);
  const clauses = ((row.clauses as Row[] | undefined) ?? [])
    .slice()
    .sort((a, b) => Number(a.sequenceNum) - Number(b.sequenceNum));
  const differing = clausesDiffering(row);
  return (
    <Modal
      open
      width={880}
      zIndex={MODAL_Z_INDEX}
      title={labels.action('srmCctContract', 'clauseDifferences')}
      onCancel={onClose}
      footer={null}
    >
      {differing.length ? (
        <Typography.Text type="secondary">
          {t('summary', { changed: differing.length, total: clauses.length })}
        </Typography.Text>
      ) : (
        <Alert type="success" showIcon message={t('none')} />
      )}
      <div style={{ marginTop: 12, maxHeight: '60vh', overflowY: 'auto' }}>
        {differing.map((clause) => (
          <div key={String(clause.contractClauseId ?? clause.sequenceNum)} style={{ marginBottom: 16 }}>
            <Space style={{ marginBottom: 4 }}>
              <Typography.Text strong>
                {String(clause.sequenceNum)}. {String(clause.termsTitle ?? '')}
              </Typography.Text>
              {clause.termsId ? (
                <Tag>{t('version', { version: Number(clause.termsVersion ?? 0) })}</Tag>
              ) : (
                <Tag color="blue">{t('notFromLibrary')}</Tag>
              )}
            </Space>
            <div style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }} data-testid="clause-diff">
              {clause.termsId ? (
                <InlineChanges
                  before={plainText(String(clause.libraryBody ?? ''))}
                  after={plainText(String(clause.termsBody ?? ''))}
                />
              ) : (
                plainText(String(clause.termsBody ?? ''))
              )}
            </div>
          </div>
        ))}
      </div>
    </Modal>
  );
}
