// 工商信息核验: the legal data of a registration or a supplier beside the business register's
// record of its credit code (checkBusinessInfo), each item marked the same or different, with the
// company's registration status — what a buyer looks at before approving.
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Skeleton, Table, Tag } from 'antd';
import { type EntityDef, MODAL_Z_INDEX } from '@srm/kernel';
import { ApiFailure, FieldDisplay, request, useApi, useLabels } from '@srm/platform-ui';

type Row = Readonly<Record<string, unknown>>;

interface Compared {
  field: string;
  ours: unknown;
  register: unknown;
  same: boolean;
  /** What the business licence says (a supplier's, when it was read). */
  licence: unknown;
}

interface Checked {
  creditCode: string;
  registrationStatus: string | null;
  trading: boolean;
  /** The licence file: read, none, or unreadable. */
  licence: 'read' | 'none' | 'unreadable';
  licenceCode: string | null;
  fields: Compared[];
}

export interface BusinessInfoCheckProps {
  readonly entity: EntityDef;
  readonly row: Row;
  onClose(): void;
}

export default function BusinessInfoCheck({ entity, row, onClose }: BusinessInfoCheckProps) {
  const api = useApi();
  const labels = useLabels();
  const id = row[entity.key];
  const checked = useQuery({
    queryKey: ['entity', entity.name, 'checkBusinessInfo', id, row.versionNum],
    queryFn: async () =>
      (await request<Checked>(api, `${entity.apiPath}/checkBusinessInfo`, { [entity.key]: id })).data,
    retry: false,
  });
  const differ = checked.data?.fields.filter((line) => !line.same).length ?? 0;
  // The company's name is the registration's companyName or the master's supplierName.
  const labelOf = (field: string) =>
    labels.field(entity.name, field === 'companyName' && !entity.fields.companyName ? 'supplierName' : field);
  const show = (field: string, value: unknown) => {
    const name = field === 'companyName' && !entity.fields.companyName ? 'supplierName' : field;
    const def = entity.fields[name];
    return def ? <FieldDisplay name={name} field={def} value={value} row={{}} /> : String(value ?? '');
  };
  return (
    <Modal
      open
      width={900}
      zIndex={MODAL_Z_INDEX}
      title={labels.t('srmSupplierInfo.bizInfo.title', { code: String(row.creditCode ?? '') })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {checked.isPending && <Skeleton active />}
      {checked.isError && (
        <Alert
          type="error"
          showIcon
          title={checked.error instanceof ApiFailure ? checked.error.message : String(checked.error)}
        />
      )}
      {checked.data && (
        <div data-testid="bizinfo-check">
          {!checked.data.trading && (
            <Alert
              style={{ marginBottom: 8 }}
              type="error"
              showIcon
              title={labels.t('srmSupplierInfo.bizInfo.notTrading', {
                status: checked.data.registrationStatus ?? '',
              })}
            />
          )}
          {checked.data.licence === 'unreadable' && (
            <Alert
              style={{ marginBottom: 8 }}
              type="warning"
              showIcon
              title={labels.t('srmSupplierInfo.bizInfo.licenceUnreadable')}
            />
          )}
          {checked.data.licenceCode && checked.data.licenceCode !== checked.data.creditCode && (
            <Alert
              style={{ marginBottom: 8 }}
              type="error"
              showIcon
              title={labels.t('srmSupplierInfo.bizInfo.licenceCodeDiffers', {
                code: checked.data.licenceCode,
              })}
            />
          )}
          <Alert
            style={{ marginBottom: 12 }}
            type={differ ? 'warning' : 'success'}
            showIcon
            title={
              differ
                ? labels.t('srmSupplierInfo.bizInfo.someDiffer', { count: differ })
                : labels.t('srmSupplierInfo.bizInfo.allSame')
            }
            description={
              checked.data.registrationStatus
                ? labels.t('srmSupplierInfo.bizInfo.status', { status: checked.data.registrationStatus })
                : undefined
            }
          />
          <Table<Compared>
            size="small"
            rowKey="field"
            pagination={false}
            dataSource={checked.data.fields}
            columns={[
              {
                title: labels.t('srmSupplierInfo.bizInfo.field'),
                dataIndex: 'field',
                width: 120,
                render: (field: string) => labelOf(field),
              },
              {
                title: labels.t('srmSupplierInfo.bizInfo.ours'),
                dataIndex: 'ours',
                render: (value: unknown, line) => show(line.field, value),
              },
              {
                title: labels.t('srmSupplierInfo.bizInfo.register'),
                dataIndex: 'register',
                render: (value: unknown, line) => show(line.field, value),
              },
              ...(checked.data.licence === 'read'
                ? [
                    {
                      title: labels.t('srmSupplierInfo.bizInfo.licence'),
                      dataIndex: 'licence',
                      render: (value: unknown, line: Compared) => show(line.field, value),
                    },
                  ]
                : []),
              {
                title: '',
                dataIndex: 'same',
                width: 90,
                render: (same: boolean) =>
                  same ? (
                    <Tag color="success">{labels.t('srmSupplierInfo.bizInfo.same')}</Tag>
                  ) : (
                    <Tag color="warning">{labels.t('srmSupplierInfo.bizInfo.differs')}</Tag>
                  ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
