// The external home (exHome) of supplier users: a greeting, the company card, and the sections
// a supplier works in — 待确认订单, 送货通知, 公告, 邀请 — with honest empty states until their
// modules arrive.
import { CarOutlined, FileDoneOutlined, MailOutlined, NotificationOutlined } from '@ant-design/icons';
import { Col, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { routeName, useScreen } from '@srm/platform-ui';
import { useCurrent } from '../../auth/useCurrent';
import { useMenu } from '../../shell/menu/menuSource';
import { screenMenus } from '../../shell/menu/menuTree';
import { CompanyCard } from './CompanyCard';
import { Greeting } from './Greeting';
import { HomeSection } from './HomeSection';

const COMPANY_SCREEN = 'supplier/companyInfo';

const SECTIONS = [
  { key: 'orders', icon: <FileDoneOutlined /> },
  { key: 'deliveries', icon: <CarOutlined /> },
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
        {SECTIONS.map((section) => (
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
