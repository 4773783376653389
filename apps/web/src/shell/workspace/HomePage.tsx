// The internal home: a welcome and shortcuts to the screens of the menu.
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { screenRegistry } from './screens';
import { useTitles } from './useTitles';

export default function HomePage({ onOpen }: { onOpen(path: string): void }) {
  const { t } = useTranslation();
  const { text } = useTitles();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('home.welcome', { name: t('app.name') })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('home.hint')}
        </Typography.Paragraph>
      </Card>
      <Card title={t('home.shortcuts')} size="small">
        <Row gutter={[12, 12]}>
          {screenRegistry.menuEntries().map((entry) => (
            <Col key={entry.path} xs={12} md={8} xl={6} xxl={4}>
              <Card size="small" hoverable onClick={() => onOpen(entry.path)}>
                <Typography.Text strong>{text(entry.title)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{text(`menu.area.${entry.area}`)}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
    </div>
  );
}
