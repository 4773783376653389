// 未完成业务: the quitting supplier's open documents in a dialog, each with its kind, number,
// organisation and status, and whether it blocks the quit (the settlement's are listed only).
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Skeleton, Table, Tag } from 'antd';
import { type EntityDef, MODAL_Z_INDEX } from '@srm/kernel';
import { ApiFailure, request, useApi, useLabels } from '@srm/platform-ui';

type Row = Readonly<Record<string, unknown>>;

interface OpenDocument {
  kind: string;
  entity: string;
  id: number;
  number: string;
  status: string;
  statusLookup: string;
  orgName: string | null;
  blocks: boolean;
}

export interface OpenWorkProps {
  readonly entity: EntityDef;
  readonly row: Row;
  onClose(): void;
}

export default function OpenWork({ entity, row, onClose }: OpenWorkProps) {
  const api = useApi();
  const labels = useLabels();
  const id = row[entity.key];
  const work = useQuery({
    queryKey: ['entity', entity.name, 'openWork', id, row.versionNum],
    queryFn: async () =>
      (
        await request<{ blocking: boolean; documents: OpenDocument[] }>(
          api,
          `${entity.apiPath}/findOpenWork`,
          {
            [entity.key]: id,
          },
        )
      ).data,
  });
  return (
    <Modal
      open
      width={860}
      zIndex={MODAL_Z_INDEX}
      title={labels.t('srmSupplierQuit.openWork.title', { number: String(row.quitNum ?? '') })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {work.isPending && <Skeleton active />}
      {work.isError && (
        <Alert
          type="error"
          showIcon
          message={work.error instanceof ApiFailure ? work.error.message : String(work.error)}
        />
      )}
      {work.data && (
        <div data-testid="open-work">
          <Alert
            style={{ marginBottom: 12 }}
            showIcon
            type={work.data.blocking ? 'warning' : 'success'}
            message={labels.t(
              work.data.blocking ? 'srmSupplierQuit.openWork.blocking' : 'srmSupplierQuit.openWork.clear',
            )}
          />
          <Table<OpenDocument>
            size="small"
            rowKey={(doc) => `${doc.entity}:${doc.id}`}
            pagination={false}
            dataSource={work.data.documents}
            columns={[
              {
                title: labels.t('srmSupplierQuit.openWork.kind'),
                dataIndex: 'kind',
                render: (kind: string) => labels.t(`srmSupplierQuit.openWork.kind.${kind}`),
              },
              { title: labels.t('srmSupplierQuit.openWork.number'), dataIndex: 'number' },
              { title: labels.t('srmSupplierQuit.openWork.org'), dataIndex: 'orgName' },
              {
                title: labels.t('srmSupplierQuit.openWork.status'),
                dataIndex: 'status',
                render: (status: string, doc: OpenDocument) => labels.code(doc.statusLookup, status),
              },
              {
                title: labels.t('srmSupplierQuit.openWork.effect'),
                dataIndex: 'blocks',
                render: (blocks: boolean) =>
                  blocks ? (
                    <Tag color="error">{labels.t('srmSupplierQuit.openWork.blocks')}</Tag>
                  ) : (
                    <Tag>{labels.t('srmSupplierQuit.openWork.listed')}</Tag>
                  ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
