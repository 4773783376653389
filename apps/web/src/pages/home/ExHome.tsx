// The external home (exHome) of supplier users: a greeting, the work cards of the supplier's
// grants (orders to confirm, delivery notices to confirm, its own delivery notes to submit; one
// call, each opening the supplier's own list filtered to what it counted), the company card, and
// the newest documents of 待确认及变更中的订单 (the 待确认订单 list: released orders and those whose
// changes the buyer still weighs) and 送货通知 (issued notices to confirm) from their lists. First
// draw: six calls (the cards, the company, the two lists, notices, articles); modules that do not exist yet
// (sourcing invitations) get a section when they arrive, not before. 最新公告 lists the supplier
// user's own copies of published notices (pinned first), each opening the reader; 帮助与资讯 the
// articles placed on the supplier home.
import { CarOutlined, FileDoneOutlined, NotificationOutlined } from '@ant-design/icons';
import { Col, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { routeName, useScreen } from '@srm/platform-ui';
import { useCurrent } from '../../auth/useCurrent';
import { useMenu } from '../../shell/menu/menuSource';
import { screenMenus } from '../../shell/menu/menuTree';
import { CompanyCard } from './CompanyCard';
import { Greeting } from './Greeting';
import { HomeArticles } from './HomeArticles';
import { HomeDocuments } from './HomeDocuments';
import { WorkCards } from './WorkCards';

const COMPANY_SCREEN = 'supplier/companyInfo';

export default function ExHome() {
  const { t } = useTranslation();
  const current = useCurrent().data;
  const screen = useScreen();
  const menu = useMenu();
  const companyMenu = screenMenus(menu.tree).find(
    (node) => routeName(node.url!) === routeName(COMPANY_SCREEN),
  );
  if (!current) return null;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="ex-home">
      <Greeting current={current} />
      <WorkCards />
      <CompanyCard
        user={current.user}
        onOpen={
          companyMenu
            ? () =>
                screen.open(companyMenu.url!, {
                  menuId: companyMenu.menuId,
                  respId: menu.respId ?? undefined,
                })
            : undefined
        }
      />
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <HomeDocuments
            title={t('exHome.orders.title')}
            icon={<FileDoneOutlined />}
            testId="ex-orders"
            empty={t('exHome.orders.none')}
            entity="srmPoHeader"
            listPath="supplierPurOrderConfirmList"
            filters={{ status: ['RELEASED', 'CHANGE_PROPOSED'] }}
            fields={['orgId', 'orderDate', 'amountInclTax']}
          />
        </Col>
        <Col xs={24} lg={12}>
          <HomeDocuments
            title={t('exHome.deliveries.title')}
            icon={<CarOutlined />}
            testId="ex-deliveries"
            empty={t('exHome.deliveries.none')}
            entity="srmPurDeliveryNotice"
            listPath="supplierDeliveryNoticeList"
            filters={{ status: ['ISSUED', 'ADJUSTING'] }}
            fields={['orgId', 'issuedDate']}
          />
        </Col>
        <Col xs={24} lg={12}>
          <HomeDocuments
            title={t('home.notices.title')}
            icon={<NotificationOutlined />}
            testId="ex-notices"
            empty={t('home.notices.none')}
            entity="srmNoticeReceiver"
            listPath="notice/noticeMore"
            filters={{}}
            fields={['configId', 'publishedAt']}
            status={false}
          />
        </Col>
        <Col xs={24} lg={12}>
          <HomeArticles testId="ex-articles" />
        </Col>
      </Row>
    </Space>
  );
}
