// The top bar (UI.md): menu toggle, product name, the responsibility switcher, the pending-work
// bell, the language and the user menu (个人中心, 修改密码, 退出登录).
import { useState } from 'react';
import {
  BellOutlined,
  CheckOutlined,
  DownOutlined,
  GlobalOutlined,
  KeyOutlined,
  MailOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Badge, Button, Dropdown, Empty, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '@srm/kernel';
import {
  type SiteMessage,
  SITE_MESSAGE,
  type TaskRow,
  request,
  useApi,
  usePendingTasks,
  useRecentMessages,
  useTodoCount,
  useUnreadCount,
} from '@srm/platform-ui';
import { useQueryClient } from '@tanstack/react-query';
import type { Current } from '../../auth/useCurrent';
import { useLanguage } from '../language';

export interface TopBarProps {
  collapsed: boolean;
  onToggle(): void;
  current: Current;
  switching: boolean;
  onSwitchResponsibility(responsibilityId: number): void;
  onUserCenter(): void;
  onChangePassword(): void;
  onSignOut(): void;
  /** Opens the document of a pending task. */
  onOpenTask(task: TaskRow): void;
  /** Opens the list of all pending tasks. */
  onOpenPending(): void;
  /** Opens what an in-app message is about. */
  onOpenMessage(message: SiteMessage): void;
  /** Opens my messages (receiveMessageList). */
  onOpenMessages(): void;
}

function LanguageMenu() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: [
          { key: 'CN', label: t('language.CN') },
          { key: 'EN', label: t('language.EN') },
        ],
        onClick: ({ key }) => {
          setOpen(false);
          setLanguage(key as LanguageCode);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('shell.language')}>
        {t(`language.${language}`)}
      </Button>
    </Dropdown>
  );
}

export function TopBar(props: TopBarProps) {
  const { collapsed, onToggle, current, switching } = props;
  const { t } = useTranslation();
  const active = current.responsibilities.find((r) => r.responsibilityId === current.responsibilityId);
  const user = current.user;
  return (
    <header
      style={{
        height: 48,
        flex: '0 0 48px',
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        padding: '0 12px 0 4px',
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        aria-label={t(collapsed ? 'shell.expand' : 'shell.collapse')}
        onClick={onToggle}
      />
      <Typography.Text strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
        {t('app.name')}
      </Typography.Text>
      <div style={{ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 4 }}>
        <Dropdown
          trigger={['click']}
          disabled={switching}
          menu={{
            selectable: true,
            selectedKeys: active ? [String(active.responsibilityId)] : [],
            items: [
              { key: 'title', type: 'group', label: t('shell.responsibility.switch') },
              ...current.responsibilities.map((r) => ({
                key: String(r.responsibilityId),
                label: r.responsibilityName,
                icon: r.responsibilityId === current.responsibilityId ? <CheckOutlined /> : <span />,
              })),
            ],
            onClick: ({ key }) => {
              if (Number(key) !== current.responsibilityId) props.onSwitchResponsibility(Number(key));
            },
          }}
        >
          <Button
            type="text"
            icon={<SwapOutlined />}
            loading={switching}
            aria-label={t('shell.responsibility.label')}
            title={t('shell.responsibility.label')}
          >
            <span data-testid="current-responsibility">
              {active?.responsibilityName ?? t('shell.responsibility.none')}
            </span>
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
        <PendingBell onOpenTask={props.onOpenTask} onOpenPending={props.onOpenPending} />
        <MessageBell onOpenMessage={props.onOpenMessage} onOpenMessages={props.onOpenMessages} />
        <LanguageMenu />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              {
                key: 'who',
                type: 'group',
                label: user.supplierName ? `${user.userName} · ${user.supplierName}` : user.userName,
              },
              { key: 'center', icon: <UserOutlined />, label: t('user.center') },
              { key: 'password', icon: <KeyOutlined />, label: t('user.changePassword') },
              { type: 'divider' },
              { key: 'signOut', icon: <LogoutOutlined />, label: t('user.signOut'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'center') props.onUserCenter();
              if (key === 'password') props.onChangePassword();
              if (key === 'signOut') props.onSignOut();
            },
          }}
        >
          <Button
            type="text"
            aria-label={t('user.menu')}
            style={{ display: 'flex', alignItems: 'center', gap: 6 }}
          >
            <Avatar size={24} style={{ background: '#1677ff' }} icon={<UserOutlined />} />
            <span data-testid="user-name">{user.userFullName}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      </div>
    </header>
  );
}

/** The pending-work bell: how many approval tasks wait for the user, and the first of them. */
function PendingBell(props: { onOpenTask(task: TaskRow): void; onOpenPending(): void }) {
  const { t } = useTranslation();
  const count = useTodoCount();
  const [open, setOpen] = useState(false);
  const tasks = usePendingTasks(6);
  const rows = tasks.data?.data ?? [];
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('shell.pending.title')}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void tasks.refetch();
      }}
      content={
        <div style={{ width: 300 }} data-testid="pending-bell-list">
          {rows.length ? (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {rows.map((task) => (
                <li key={task.taskId} style={{ padding: '6px 0', borderBottom: '1px solid #f5f5f5' }}>
                  <Typography.Link
                    onClick={() => {
                      setOpen(false);
                      props.onOpenTask(task);
                    }}
                  >
                    {task.documentTitle} {task.documentNumber ?? `#${task.documentId}`}
                  </Typography.Link>
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {task.nodeName} · {task.submitterName}
                    </Typography.Text>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.pending.empty')} />
          )}
          <Button
            type="link"
            block
            onClick={() => {
              setOpen(false);
              props.onOpenPending();
            }}
          >
            {t('shell.pending.all')}
          </Button>
        </div>
      }
    >
      <Button type="text" aria-label={t('shell.pending.title')} title={t('shell.pending.title')}>
        <Badge count={count} size="small" data-testid="pending-count">
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}

/** In-app messages (站内信): the unread count, the latest messages, and the way to all of them. */
function MessageBell(props: { onOpenMessage(message: SiteMessage): void; onOpenMessages(): void }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  const messages = useRecentMessages(6);
  const rows = (messages.data?.data ?? []).filter((message) => message.readFlag === 'N');
  const openMessage = async (message: SiteMessage) => {
    setOpen(false);
    await request(api, `${SITE_MESSAGE}/doRead`, { messageIds: [message.messageId] });
    void queryClient.invalidateQueries({ queryKey: ['message'] });
    props.onOpenMessage(message);
  };
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('shell.messages.title')}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void messages.refetch();
      }}
      content={
        <div style={{ width: 320 }} data-testid="message-bell-list">
          {rows.length ? (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {rows.map((message) => (
                <li key={message.messageId} style={{ padding: '6px 0', borderBottom: '1px solid #f5f5f5' }}>
                  <Typography.Link onClick={() => void openMessage(message)}>{message.title}</Typography.Link>
                  {message.content && (
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                        {message.content}
                      </Typography.Text>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.messages.empty')} />
          )}
          <Button
            type="link"
            block
            onClick={() => {
              setOpen(false);
              props.onOpenMessages();
            }}
          >
            {t('shell.messages.all')}
          </Button>
        </div>
      }
    >
      <Button type="text" aria-label={t('shell.messages.title')} title={t('shell.messages.title')}>
        <Badge count={count} size="small" data-testid="message-count">
          <MailOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
