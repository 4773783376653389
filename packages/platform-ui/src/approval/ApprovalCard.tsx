// 审批记录 of a document: every step of its approval processes with who, when and the comment
// (suppliers never receive internal comments), and who the document waits for now.
import { formatDateTimeMinute } from '@srm/kernel';
import { Card, Empty, Tag, Timeline, Typography } from 'antd';
import { useLabels } from '../context/labels';
import type { DocumentApproval, HistoryStep } from './bpm';

const COLORS: Record<string, string> = {
  APPROVE: 'green',
  COMPLETE: 'green',
  REJECT: 'red',
  RETURN: 'orange',
  WITHDRAW: 'gray',
  SKIP: 'gray',
};

export function ApprovalCard({ approval }: { approval: DocumentApproval | undefined }) {
  const labels = useLabels();
  const steps = [...(approval?.history ?? [])].reverse();
  const waiting = approval?.pendingTasks ?? [];
  const line = (step: HistoryStep) => {
    const who = step.userName
      ? step.onBehalfOfName
        ? labels.t('ui.bpm.onBehalf', { user: step.userName, for: step.onBehalfOfName })
        : step.userName
      : null;
    return (
      <div data-testid="approval-step">
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Tag color={COLORS[step.action] ?? 'blue'}>{labels.code('BPM_HISTORY_ACTION', step.action)}</Tag>
          {step.nodeName && <Typography.Text>{step.nodeName}</Typography.Text>}
          {who && <Typography.Text strong>{who}</Typography.Text>}
          {step.targetUserName && <Typography.Text type="secondary">→ {step.targetUserName}</Typography.Text>}
          {step.internalFlag === 'Y' && <Tag>{labels.t('ui.bpm.internal')}</Tag>}
          <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
            {step.createdAt ? formatDateTimeMinute(step.createdAt) : ''}
          </Typography.Text>
        </div>
        {step.comment && (
          <Typography.Paragraph
            style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}
            data-testid="approval-comment"
          >
            {step.comment}
          </Typography.Paragraph>
        )}
      </div>
    );
  };
  return (
    <Card size="small" title={labels.t('ui.bpm.history')} data-testid="approval-history">
      {waiting.length > 0 && (
        <Typography.Paragraph data-testid="approval-waiting">
          <Typography.Text type="secondary">{labels.t('ui.bpm.waitingFor')}</Typography.Text>{' '}
          {waiting.map((task) => (
            <Tag key={task.taskId} color="processing">
              {task.nodeName}: {task.assigneeName}
            </Tag>
          ))}
        </Typography.Paragraph>
      )}
      {steps.length ? (
        <Timeline
          items={steps.map((step) => ({
            key: step.historyId,
            color: COLORS[step.action] ?? 'blue',
            content: line(step),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={labels.t('ui.bpm.noHistory')} />
      )}
    </Card>
  );
}
