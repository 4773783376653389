// 变更对比 (the detailed screen of change info, in a dialog): per section, each field's label, value
// before and value after; lines added, removed and changed with their fields. The server answers
// it in the reader's language (findDiff), bank account numbers masked unless the reader may see
// them. A master that moved since the change was opened is said at the top.
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import { type EntityDef, MODAL_Z_INDEX } from '@srm/kernel';
import { ApiFailure, request, useApi, useLabels } from '@srm/platform-ui';

type Row = Readonly<Record<string, unknown>>;

interface PresentedField {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

interface PresentedSection {
  section: string;
  title: string;
  fields: PresentedField[];
  lines: {
    kind: 'ADDED' | 'REMOVED' | 'CHANGED';
    kindLabel: string;
    title: string;
    fields: PresentedField[];
  }[];
}

interface Diff {
  changeNum: string;
  stale: boolean;
  sections: PresentedSection[];
}

const KIND_COLORS = { ADDED: 'success', REMOVED: 'error', CHANGED: 'processing' } as const;

export interface ChangeDiffProps {
  readonly entity: EntityDef;
  readonly row: Row;
  onClose(): void;
}

function FieldTable({ fields }: { fields: PresentedField[] }) {
  const labels = useLabels();
  const empty = <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Table<PresentedField>
      size="small"
      rowKey="field"
      pagination={false}
      tableLayout="fixed"
      dataSource={fields}
      columns={[
        { title: labels.t('srmSupplierChange.diff.field'), dataIndex: 'label', width: '24%' },
        {
          title: labels.t('srmSupplierChange.diff.before'),
          dataIndex: 'before',
          width: '38%',
          render: (value: string | null) =>
            value === null ? empty : <Typography.Text delete>{value}</Typography.Text>,
        },
        {
          title: labels.t('srmSupplierChange.diff.after'),
          dataIndex: 'after',
          width: '38%',
          render: (value: string | null) =>
            value === null ? empty : <Typography.Text strong>{value}</Typography.Text>,
        },
      ]}
    />
  );
}

export default function ChangeDiff({ entity, row, onClose }: ChangeDiffProps) {
  const api = useApi();
  const labels = useLabels();
  const id = row[entity.key];
  const diff = useQuery({
    queryKey: ['entity', entity.name, 'diff', id, row.versionNum],
    queryFn: async () => (await request<Diff>(api, `${entity.apiPath}/findDiff`, { [entity.key]: id })).data,
  });
  return (
    <Modal
      open
      width={960}
      zIndex={MODAL_Z_INDEX}
      title={labels.t('srmSupplierChange.diff.title', { number: String(row.changeNum ?? '') })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {diff.isPending && <Skeleton active />}
      {diff.isError && (
        <Alert
          type="error"
          showIcon
          message={diff.error instanceof ApiFailure ? diff.error.message : String(diff.error)}
        />
      )}
      {diff.data && (
        <div data-testid="change-diff">
          {diff.data.stale && (
            <Alert
              style={{ marginBottom: 12 }}
              type="warning"
              showIcon
              message={labels.t('srmSupplierChange.diff.stale')}
            />
          )}
          {diff.data.sections.length === 0 && <Empty description={labels.t('srmSupplierChange.diff.none')} />}
          {diff.data.sections.map((section) => (
            <section key={section.section} style={{ marginBottom: 16 }}>
              <Typography.Title level={5}>{section.title}</Typography.Title>
              {section.fields.length > 0 && <FieldTable fields={section.fields} />}
              {section.lines.map((line, index) => (
                <div key={index} style={{ marginBottom: 8 }}>
                  <Tag color={KIND_COLORS[line.kind]}>{line.kindLabel}</Tag>
                  <Typography.Text strong>{line.title}</Typography.Text>
                  <FieldTable fields={line.fields} />
                </div>
              ))}
            </section>
          ))}
        </div>
      )}
    </Modal>
  );
}
