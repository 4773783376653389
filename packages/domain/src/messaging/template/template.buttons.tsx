// 预览 on a saved template (web): the server renders it with the source's sample values; the
// subject shows as text and the HTML body in a sandboxed frame (no scripts, no navigation), as a
// mail reader would show it, with the variables the source offers. An SMS template shows as the
// phone would: its signature in brackets, then the plain text, with its length.
import { useState } from 'react';
import { EyeOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Modal, Tag } from 'antd';
import {
  ApiFailure,
  type EditButton,
  type EditButtonProps,
  request,
  useApi,
  useLabels,
} from '@srm/platform-ui';

interface Preview {
  subject: string;
  html: string | null;
  text: string;
  variables: string[];
}

/** The SMS as the phone shows it: the signature in brackets, then the text. */
function smsText(signName: unknown, text: string): string {
  return `${typeof signName === 'string' && signName ? `【${signName}】` : ''}${text}`;
}

/**
 * Its length with the signature, and how many messages it is billed as: up to 70 characters
 * is one; a longer one goes in parts of 67 (the carriers' rule for Chinese text).
 */
function smsLength(text: string): { count: number; parts: number } {
  const count = [...text].length;
  return { count, parts: count <= 70 ? 1 : Math.ceil(count / 67) };
}

function PreviewButton({ entity, row, disabled }: EditButtonProps) {
  const api = useApi();
  const labels = useLabels();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const open = async () => {
    setBusy(true);
    try {
      const answer = await request<Preview>(api, `${entity.apiPath}/preview`, {
        sourceId: row.sourceId,
        subject: row.subject,
        body: row.body,
        channel: row.channel,
      });
      setPreview(answer.data);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon={<EyeOutlined />} loading={busy} disabled={disabled} onClick={() => void open()}>
        {labels.action(entity.name, 'preview')}
      </Button>
      <Modal
        open={!!preview}
        width={760}
        title={labels.action(entity.name, 'preview')}
        footer={null}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview && (
          <div data-testid="template-preview">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={labels.t('baseMessageTemplate.subject')}>
                {preview.subject}
              </Descriptions.Item>
              <Descriptions.Item label={labels.t('baseMessageSource.variables')}>
                {preview.variables.map((name) => (
                  <Tag key={name}>{`{{${name}}}`}</Tag>
                ))}
              </Descriptions.Item>
            </Descriptions>
            {preview.html === null ? (
              <div
                data-testid="sms-preview"
                style={{
                  marginTop: 12,
                  padding: 12,
                  maxWidth: 360,
                  borderRadius: 12,
                  background: '#f5f5f5',
                  whiteSpace: 'pre-wrap',
                }}
              >
                {smsText(row.signName, preview.text)}
                <div style={{ marginTop: 8, color: '#8c8c8c', fontSize: 12 }}>
                  {labels.t('baseMessageTemplate.smsLength', smsLength(smsText(row.signName, preview.text)))}
                </div>
              </div>
            ) : (
              <iframe
                title={labels.t('baseMessageTemplate.body')}
                sandbox=""
                srcDoc={preview.html}
                style={{
                  width: '100%',
                  height: 320,
                  marginTop: 12,
                  border: '1px solid #f0f0f0',
                  background: '#fff',
                }}
              />
            )}
          </div>
        )}
      </Modal>
    </>
  );
}

export const templatePreviewButton: EditButton = {
  key: 'preview',
  resource: 'baseMessageTemplate.view',
  component: PreviewButton,
};
