// The head of a document: its title, number and status, and the buttons valid now (保存, the
// workflow actions of its state and the user's side, 编辑 in view mode).
import type { ReactNode } from 'react';
import { EditOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tag, Typography } from 'antd';
import type { EntityDef } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { statusColor } from '../workflow/statusColor';
import type { AvailableAction } from '../workflow/workflow';

export interface EditHeaderProps {
  entity: EntityDef;
  title: string;
  number?: string;
  status?: string;
  canSave: boolean;
  canEdit: boolean;
  actions: readonly AvailableAction[];
  /** The button running now ('save' or an action name). */
  busy: string | null;
  /** The screen's own buttons. */
  extra?: ReactNode;
  onSave(): void;
  onEdit(): void;
  onAction(action: AvailableAction): void;
}

export function EditHeader(props: EditHeaderProps) {
  const { entity, title, number, status, canSave, canEdit, actions, busy } = props;
  const labels = useLabels();
  const statusLookup = entity.workflow?.statusLookup ?? 'DOC_STATUS';
  return (
    <Card
      size="small"
      styles={{ body: { padding: '12px 16px' } }}
      // Above the grids' sticky header and fixed columns (antd raises those to a few levels), below
      // dropdowns and dialogs: a grid scrolled under the title no longer shows through it.
      style={{ position: 'sticky', top: 0, zIndex: 20 }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {number && (
          <Typography.Text strong copyable style={{ fontSize: 15 }} data-testid="document-number">
            {number}
          </Typography.Text>
        )}
        {status && (
          <Tag color={statusColor(status)} data-testid="document-status">
            {labels.code(statusLookup, status)}
          </Tag>
        )}
        <Space style={{ marginLeft: 'auto' }} wrap>
          {canEdit && (
            <Button icon={<EditOutlined />} disabled={busy !== null} onClick={props.onEdit}>
              {labels.t('ui.list.edit')}
            </Button>
          )}
          {props.extra}
          {actions.map((available) => (
            <Button
              key={available.name}
              danger={available.action.danger}
              loading={busy === available.name}
              disabled={busy !== null && busy !== available.name}
              onClick={() => props.onAction(available)}
            >
              {labels.action(entity.name, available.name)}
            </Button>
          ))}
          {canSave && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={busy === 'save'}
              disabled={busy !== null && busy !== 'save'}
              onClick={props.onSave}
            >
              {labels.t('ui.edit.save')}
            </Button>
          )}
        </Space>
      </div>
    </Card>
  );
}
