// The internal home (inHome): a greeting with the user and the current responsibility, the key
// figures the user may read, 我的待办 (the approval tasks waiting for the user), 公告 (its module
// comes later: an honest empty state, never sample data) and 最近处理.
import { NotificationOutlined } from '@ant-design/icons';
import { Col, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrent } from '../../auth/useCurrent';
import { Greeting } from './Greeting';
import { HomeSection } from './HomeSection';
import { KeyFigures } from './KeyFigures';
import { PendingTasks } from './PendingTasks';
import { RecentWork } from './RecentWork';

export default function InHome() {
  const { t } = useTranslation();
  const current = useCurrent().data;
  if (!current) return null;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="in-home">
      <Greeting current={current} />
      <KeyFigures />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <PendingTasks />
            <RecentWork />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <HomeSection
            title={t('home.notices.title')}
            icon={<NotificationOutlined />}
            testId="notices"
            empty={t('home.notices.empty')}
          />
        </Col>
      </Row>
    </Space>
  );
}
