// A section of a home page: a titled card, or its honest empty state saying what will appear there.
import type { ReactNode } from 'react';
import { Card, Empty } from 'antd';

export interface HomeSectionProps {
  title: ReactNode;
  icon?: ReactNode;
  extra?: ReactNode;
  /** Shown instead of the content when there is nothing (yet). */
  empty?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

export function HomeSection({ title, icon, extra, empty, children, testId }: HomeSectionProps) {
  return (
    <Card
      size="small"
      data-testid={testId}
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          {icon && <span style={{ color: '#1677ff' }}>{icon}</span>}
          {title}
        </span>
      }
      extra={extra}
      style={{ height: '100%' }}
      styles={{ body: { minHeight: 120 } }}
    >
      {empty !== undefined ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<span style={{ color: 'rgba(0,0,0,0.45)' }}>{empty}</span>}
          style={{ margin: '12px 0' }}
        />
      ) : (
        children
      )}
    </Card>
  );
}
