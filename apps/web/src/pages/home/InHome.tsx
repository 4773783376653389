// The internal home (inHome) by role: a greeting with the user and the current responsibility, the
// work cards of the user's grants (what waits for the user's action — a buyer's orders, deliveries
// and receipts, finance's posted receipts — in one call), 我的待办 (the approval tasks waiting for
// the user: an approver's work), 最近处理, 最新公告 (the user's own copies of notices) and 帮助与资讯 (the
// articles placed on the internal home). Who manages suppliers also finds the supplier statistics,
// in a section that loads its figures and charts only when opened.
import { Suspense, lazy } from 'react';
import { NotificationOutlined } from '@ant-design/icons';
import { Col, Collapse, Row, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGranted } from '@srm/platform-ui';
import { useCurrent } from '../../auth/useCurrent';
import { Greeting } from './Greeting';
import { PendingTasks } from './PendingTasks';
import { RecentWork } from './RecentWork';
import { HomeArticles } from './HomeArticles';
import { HomeDocuments } from './HomeDocuments';
import { WorkCards } from './WorkCards';

const KeyFigures = lazy(() => import('./KeyFigures').then((module) => ({ default: module.KeyFigures })));

/** Who may change suppliers manages them: the supplier statistics are theirs. */
const MANAGES_SUPPLIERS = 'srmSupplierInfo.save';
/** Who reads notices (我的公告) finds the latest of their own on the home. */
const READS_NOTICES = 'srmNoticeReceiver.view';

export default function InHome() {
  const { t } = useTranslation();
  const may = useGranted();
  const current = useCurrent().data;
  if (!current) return null;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="in-home">
      <Greeting current={current} />
      <WorkCards />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <PendingTasks />
        </Col>
        <Col xs={24} xl={12}>
          <RecentWork />
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        {may(READS_NOTICES) && (
          <Col xs={24} xl={12}>
            <HomeDocuments
              title={t('home.notices.title')}
              icon={<NotificationOutlined />}
              testId="in-notices"
              empty={t('home.notices.none')}
              entity="srmNoticeReceiver"
              listPath="notice/noticeMore"
              filters={{}}
              fields={['configId', 'publishedAt']}
              status={false}
            />
          </Col>
        )}
        <Col xs={24} xl={may(READS_NOTICES) ? 12 : 24}>
          <HomeArticles testId="in-articles" />
        </Col>
      </Row>
      {may(MANAGES_SUPPLIERS) && (
        // Collapsed: its counts (some twenty list calls) are asked only once it is opened.
        <Collapse
          data-testid="supplier-figures"
          items={[
            {
              key: 'figures',
              label: t('home.figures.title'),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <KeyFigures />
                </Suspense>
              ),
            },
          ]}
        />
      )}
    </Space>
  );
}
