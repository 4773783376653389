// /iframeBox?url=…&title=…: the container of an embedded page on its own, outside the workspace,
// with the bridge attached (a page that asks for a workspace screen opens it in the workspace).
import { useNavigate, useSearchParams } from 'react-router';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmbeddedFrame } from '../../shell/embed/EmbeddedFrame';

export default function IframeBoxPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const title = params.get('title') ?? undefined;
  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column', background: '#f0f2f5' }}>
      <header
        style={{
          height: 48,
          flex: '0 0 48px',
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '0 16px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/main')}>
          {t('embed.back')}
        </Button>
        <Typography.Text strong>{title ?? t('app.name')}</Typography.Text>
      </header>
      <div style={{ flex: 1, minHeight: 0 }}>
        <EmbeddedFrame
          url={params.get('url')}
          title={title}
          onOpen={(path, screenParams) => {
            const search = new URLSearchParams(Object.entries(screenParams).map(([k, v]) => [k, String(v)]));
            navigate(`/main/${path}${search.size ? `?${search.toString()}` : ''}`);
          }}
        />
      </div>
    </div>
  );
}
