// testIframes: an embedded page talking to the shell through the bridge, with the messages of
// both directions listed beside it (to try the bridge: open a screen, a toast, a broken message).
import { useCallback, useState } from 'react';
import dayjs from 'dayjs';
import { Card, Col, Empty, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScreen } from '@srm/platform-ui';
import { EmbeddedFrame } from '../../shell/embed/EmbeddedFrame';

export const DEMO_PAGE = '/embed-demo.html';

interface Entry {
  at: number;
  direction: 'in' | 'out' | 'error';
  text: string;
}

const COLORS = { in: 'blue', out: 'green', error: 'red' } as const;

export default function TestIframesScreen() {
  const { t } = useTranslation();
  const screen = useScreen();
  const [entries, setEntries] = useState<Entry[]>([]);
  const onLog = useCallback(
    (entry: Omit<Entry, 'at'>) => setEntries((list) => [{ ...entry, at: Date.now() }, ...list].slice(0, 50)),
    [],
  );
  return (
    <Row gutter={12}>
      <Col xs={24} xl={15}>
        <Card size="small" title={t('embed.testTitle')} styles={{ body: { padding: 0, height: 360 } }}>
          <EmbeddedFrame url={DEMO_PAGE} title={t('embed.testTitle')} onOpen={screen.open} onLog={onLog} />
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card size="small" title={t('embed.page.log')} styles={{ body: { height: 360, overflow: 'auto' } }}>
          {entries.length ? (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="bridge-log">
              {entries.map((entry, index) => (
                <li key={index} style={{ padding: '4px 0', borderBottom: '1px solid #f5f5f5' }}>
                  <Tag color={COLORS[entry.direction]}>{t(`embed.direction.${entry.direction}`)}</Tag>
                  <Typography.Text type="secondary" style={{ marginRight: 8 }}>
                    {dayjs(entry.at).format('HH:mm:ss')}
                  </Typography.Text>
                  <Typography.Text code style={{ wordBreak: 'break-all' }}>
                    {entry.text}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('embed.logEmpty')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
