// The work cards of a home: one call answers, for the cards of the user's grants only, how many
// documents wait in a state for the user (orders to release, deliveries to receive, receipts to
// post…); each opens its list filtered to them. Asked again when the home is shown after a change.
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, Statistic } from 'antd';
import type { WorkCount } from '@srm/kernel';
import { useLabels, useRefreshOnReturn, useScreen } from '@srm/platform-ui';
import { apiPost } from '../../api';
import { useMenu } from '../../shell/menu/menuSource';
import { screenMenus } from '../../shell/menu/menuTree';
import { WORK_COUNTS_PATH, workCardTarget } from './workCards';

export function WorkCards() {
  const labels = useLabels();
  const screen = useScreen();
  const { tree, respId } = useMenu();
  const counts = useQuery({
    queryKey: ['home', 'workCounts', respId],
    queryFn: () => apiPost<WorkCount[]>(WORK_COUNTS_PATH, {}),
    staleTime: 30_000,
  });
  useRefreshOnReturn(
    () => void counts.refetch(),
    () => counts.dataUpdatedAt,
  );
  if (counts.error) return <Alert type="error" showIcon title={(counts.error as Error).message} />;
  if (counts.isLoading)
    return (
      <Card size="small">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </Card>
    );
  const cards = counts.data ?? [];
  // No card is the user's (an approver's work is 我的待办): nothing to show.
  if (!cards.length) return null;
  const menus = screenMenus(tree);
  return (
    <Row gutter={[12, 12]} data-testid="work-cards">
      {cards.map((card) => {
        const target = workCardTarget(card, menus);
        const open = target
          ? () => screen.open(target.path, { ...target.params, ...(respId !== null ? { respId } : {}) })
          : undefined;
        return (
          <Col key={card.key} xs={12} md={8} xl={6} xxl={4}>
            <Card
              size="small"
              hoverable={!!open}
              onClick={open}
              role={open ? 'link' : undefined}
              tabIndex={open ? 0 : undefined}
              onKeyDown={open ? (event) => event.key === 'Enter' && open() : undefined}
              data-testid={`work-card-${card.key}`}
              style={{ height: '100%' }}
            >
              <Statistic
                title={labels.t(`workCard.${card.key}`)}
                value={card.count}
                prefix={card.estimated ? '≈' : undefined}
                styles={{ content: { color: card.count ? '#1677ff' : 'rgba(0,0,0,0.45)' } }}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
