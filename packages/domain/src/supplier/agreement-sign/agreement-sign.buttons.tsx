// The agreement page's 签署 while it is being signed at the e-sign provider: asks for the
// provider's page of the caller's party (only a seal keeper of its organisation account gets one,
// the server says why to anyone else) and opens it in a new window. The provider's callback signs
// the agreement here once both parties have sealed it.
import { FormOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import {
  ApiFailure,
  type EditButton,
  type EditButtonProps,
  request,
  useApi,
  useLabels,
} from '@srm/platform-ui';

function SignButton({ entity, row, disabled }: EditButtonProps) {
  const api = useApi();
  const labels = useLabels();
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (row.status !== 'SIGNING' || row.esignFlag !== 'Y') return null;
  const t = (key: string) => labels.t(`srmAgreementSign.sign.${key}`);
  const open = async () => {
    setBusy(true);
    try {
      const { data } = await request<{ url: string }>(api, `${entity.apiPath}/querySignUrl`, {
        agreementSignId: row.agreementSignId,
      });
      // Opened from the dialog's button, a click of its own, so that no pop-up blocker holds it.
      modal.confirm({
        title: t('title'),
        content: t('external'),
        okText: t('open'),
        cancelText: labels.t('ui.cancel'),
        onOk: () => {
          window.open(data.url, '_blank', 'noopener,noreferrer');
        },
      });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="primary"
      icon={<FormOutlined />}
      loading={busy}
      disabled={disabled}
      onClick={() => void open()}
    >
      {labels.action('srmAgreementSign', 'querySignUrl')}
    </Button>
  );
}

export const agreementSignButtons: EditButton[] = [
  { key: 'querySignUrl', resource: 'srmAgreementSign.querySignUrl', component: SignButton },
];
