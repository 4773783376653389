// The workspace's `iframe` screen: the page at ?url= embedded in a tab, with the bridge.
import { useTranslation } from 'react-i18next';
import { Card } from 'antd';
import { useScreen } from '@srm/platform-ui';
import { EmbeddedFrame } from '../../shell/embed/EmbeddedFrame';

export default function IframeScreen() {
  const { t } = useTranslation();
  const screen = useScreen();
  const title = screen.params.get('title') ?? t('embed.iframeTitle');
  return (
    <Card size="small" styles={{ body: { padding: 0, height: 'calc(100vh - 150px)' } }}>
      <EmbeddedFrame url={screen.params.get('url')} title={title} onOpen={screen.open} />
    </Card>
  );
}
