// The external home (exHome) of supplier users: a greeting, the company card, and the sections
// a supplier works in: 待确认订单 (released orders and those whose changes the buyer still
// weighs) and 送货通知 (issued notices to confirm) from their lists, 公告 and 邀请 with honest
// empty states until their modules arrive.
import { CarOutlined, FileDoneOutlined, MailOutlined, NotificationOutlined } from '@ant-design/icons';
import { Col, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { routeName, useScreen } from '@srm/platform-ui';
import { useCurrent } from '../../auth/useCurrent';
import { useMenu } from '../../shell/menu/menuSource';
import { screenMenus } from '../../shell/menu/menuTree';
import { CompanyCard } from './CompanyCard';
import { Greeting } from './Greeting';
import { HomeDocuments } from './HomeDocuments';
import { HomeSection } from './HomeSection';

const COMPANY_SCREEN = 'supplier/companyInfo';

const COMING = [
  { key: 'notices', icon: <NotificationOutlined /> },
  { key: 'invitations', icon: <MailOutlined /> },
] as const;

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
        {COMING.map((section) => (
          <Col key={section.key} xs={24} lg={12}>
            <HomeSection
              title={t(`exHome.${section.key}.title`)}
              icon={section.icon}
              testId={`ex-${section.key}`}
              empty={t(`exHome.${section.key}.empty`)}
            />
          </Col>
        ))}
      </Row>
    </Space>
  );
}
