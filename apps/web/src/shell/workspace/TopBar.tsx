// The top bar: menu toggle, product name, language switch.
import { useState } from 'react';
import { GlobalOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Dropdown, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '@srm/kernel';
import { useLanguage } from '../language';

export function TopBar({ collapsed, onToggle }: { collapsed: boolean; onToggle(): void }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const [open, setOpen] = useState(false);
  return (
    <header
      style={{
        height: 48,
        flex: '0 0 48px',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
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
      <Typography.Text strong style={{ fontSize: 16 }}>
        {t('app.name')}
      </Typography.Text>
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
        <Button
          type="text"
          icon={<GlobalOutlined />}
          style={{ marginLeft: 'auto' }}
          aria-label={t('shell.language')}
        >
          {t(`language.${language}`)}
        </Button>
      </Dropdown>
    </header>
  );
}
