// 我的待办 on the internal home: the approval tasks waiting for the user (and those delegated to
// the user), newest first; each opens its document, where the approval buttons are.
import { formatDateTimeMinute } from '@srm/kernel';
import { CheckSquareOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type TaskRow, usePendingTasks, useScreen } from '@srm/platform-ui';
import { useMenu } from '../../shell/menu/menuSource';
import { HomeSection } from './HomeSection';
import { recordTarget } from './openRecord';

export function PendingTasks() {
  const { t } = useTranslation();
  const screen = useScreen();
  const { items: menus, respId } = useMenu();
  const tasks = usePendingTasks(8);
  const rows = tasks.data?.data ?? [];
  const open = (task: TaskRow) => {
    const target = recordTarget(task.entityName, task.documentKey, task.documentId, menus);
    if (target) screen.open(target.path, { ...target.params, ...(respId !== null ? { respId } : {}) });
  };
  return (
    <HomeSection
      title={t('home.pending.title')}
      icon={<CheckSquareOutlined />}
      testId="pending-work"
      extra={
        tasks.data?.page?.count ? (
          <Button type="link" size="small" onClick={() => screen.open('myApproval')}>
            {t('home.pending.more')} ({tasks.data.page.count})
          </Button>
        ) : undefined
      }
      empty={!tasks.isLoading && !tasks.error && !rows.length ? t('home.pending.empty') : undefined}
    >
      {tasks.error ? (
        <Alert type="error" showIcon title={(tasks.error as Error).message} />
      ) : tasks.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((task) => (
            <li
              key={task.taskId}
              data-testid="pending-task"
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                padding: '8px 0',
                borderBottom: '1px solid #f5f5f5',
              }}
            >
              <Tag variant="filled">{task.documentTitle}</Tag>
              <Typography.Link onClick={() => open(task)}>
                {task.documentNumber ?? `#${task.documentId}`}
              </Typography.Link>
              <Typography.Text type="secondary">{task.nodeName}</Typography.Text>
              <Typography.Text type="secondary">{task.submitterName}</Typography.Text>
              <Typography.Text type="secondary" style={{ marginLeft: 'auto', whiteSpace: 'nowrap' }}>
                {task.createdAt ? formatDateTimeMinute(task.createdAt) : ''}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
