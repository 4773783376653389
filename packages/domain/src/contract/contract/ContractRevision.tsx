// 上传修订稿: the dialog in which either side files its edited copy of the contract's document (a
// .docx, with Word's tracked changes) as the next revision, with a remark; the page then shows
// the contract with the revision among its documents.
import { useState } from 'react';
import { App, Button, Input, Modal, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { ApiFailure, request, uploadFile, useApi, useLabels, useScreen } from '@srm/platform-ui';

export interface ContractRevisionProps {
  readonly contractId: number;
  /** A simplified contract: its text may be a PDF. */
  readonly simplified?: boolean;
  /** The edit screen the contract is open in, opened again after the upload. */
  readonly editPath: string;
  onClose(): void;
}

export default function ContractRevision({
  contractId,
  simplified = false,
  editPath,
  onClose,
}: ContractRevisionProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const t = (key: string) => labels.t(`srmCctContract.revision.${key}`);

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const stored = await uploadFile(api, file, { path: 'contract/revision' });
      await request(api, '/api/srm/v1/srmCctContractRestful/uploadRevision', {
        contractId,
        fileIds: String(stored.id),
        ...(remark.trim() ? { remark: remark.trim() } : {}),
      });
      void message.success(t('done'));
      onClose();
      screen.open(editPath, { contractId });
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
      zIndex={MODAL_Z_INDEX}
      title={labels.action('srmCctContract', 'uploadRevision')}
      onCancel={onClose}
      okText={t('submit')}
      okButtonProps={{ disabled: !file, loading: busy }}
      onOk={() => void submit()}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t(simplified ? 'hintSimplified' : 'hint')}</Typography.Text>
        <Upload
          accept={simplified ? '.docx,.pdf' : '.docx'}
          maxCount={1}
          beforeUpload={(picked) => {
            setFile(picked);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />}>{t('pick')}</Button>
        </Upload>
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder={t('remark')}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
      </Space>
    </Modal>
  );
}
