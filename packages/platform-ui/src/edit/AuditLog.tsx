// 操作日志: the audit history of a document and its lines (time, user, action, state before →
// after, comment, changed fields with before and after under their labels).
import { ArrowRightOutlined } from '@ant-design/icons';
import { Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type EntityDef, formatDateTime, isClientWritable } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { FieldDisplay } from '../fields/FieldDisplay';
import { statusColor } from '../workflow/statusColor';

export interface HistoryEntry {
  auditId: number;
  entity: string;
  recordId: number;
  action: string;
  statusFrom: string | null;
  statusTo: string | null;
  comment: string | null;
  changes: unknown;
  userId: number | null;
  userName: string | null;
  creationDate: number;
}

interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  sealed?: true;
  /** A reference's display values, named by the server when it reads the history. */
  beforeName?: unknown;
  afterName?: unknown;
}

function lineOf(entity: EntityDef, name: string): [string, EntityDef] | undefined {
  return Object.entries(entity.lines).find(([, line]) => line.name === name);
}

function Value({
  owner,
  name,
  value,
  shown,
}: {
  owner: EntityDef;
  name: string;
  value: unknown;
  /** What a reference is called, when the server could name it. */
  shown?: unknown;
}) {
  const labels = useLabels();
  const field = owner.fields[name];
  if (value === null || value === undefined || value === '')
    return <Typography.Text type="secondary">{labels.t('ui.audit.emptyValue')}</Typography.Text>;
  if (shown !== undefined && shown !== null && shown !== '') return <>{String(shown)}</>;
  return field ? <FieldDisplay name={name} field={field} value={value} /> : <>{String(value)}</>;
}

/** The field that names a record: its number, its display field, or its first writable text. */
function namingField(entity: EntityDef): string {
  if (entity.numbering) return entity.numbering.field;
  const display = entity.fields[entity.display];
  if (display && isClientWritable(display)) return entity.display;
  const text = Object.entries(entity.fields).find(
    ([, field]) => field.kind === 'text' && isClientWritable(field),
  );
  return text?.[0] ?? entity.display;
}

/** A creation names the record (its number or display field); other entries list each change. */
function shownChanges(owner: EntityDef, entry: HistoryEntry): FieldChange[] {
  if (!Array.isArray(entry.changes)) return [];
  const changes = entry.changes as FieldChange[];
  if (entry.action !== 'create') return changes;
  const naming = namingField(owner);
  return changes.filter((change) => change.field === naming);
}

function Changes({ owner, entry }: { owner: EntityDef; entry: HistoryEntry }) {
  const labels = useLabels();
  const changes = shownChanges(owner, entry);
  if (!changes.length) return null;
  const created = entry.action === 'create';
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {changes.map((change) => (
        <div key={change.field}>
          <Typography.Text type="secondary">
            {labels.field(owner.name, change.field)}
            {labels.t('ui.colon')}
          </Typography.Text>
          {change.sealed ? (
            labels.t('ui.audit.sealed')
          ) : created ? (
            <Value owner={owner} name={change.field} value={change.after} shown={change.afterName} />
          ) : (
            <Space size={6}>
              <Value owner={owner} name={change.field} value={change.before} shown={change.beforeName} />
              <ArrowRightOutlined style={{ color: '#bfbfbf', fontSize: 11 }} />
              <Value owner={owner} name={change.field} value={change.after} shown={change.afterName} />
            </Space>
          )}
        </div>
      ))}
    </div>
  );
}

export function AuditLog({ entity, history }: { entity: EntityDef; history: readonly HistoryEntry[] }) {
  const labels = useLabels();
  const statusLookup = entity.workflow?.statusLookup ?? 'DOC_STATUS';
  const status = (code: string | null) =>
    code ? <Tag color={statusColor(code)}>{labels.code(statusLookup, code)}</Tag> : null;
  // State changes and comments only exist where there is a workflow.
  const workflowColumns: ColumnType<HistoryEntry>[] = [
    {
      key: 'status',
      title: labels.t('ui.audit.status'),
      width: 180,
      render: (_v, entry) =>
        entry.statusFrom || entry.statusTo ? (
          <Space size={4}>
            {status(entry.statusFrom)}
            {entry.statusFrom && entry.statusTo && <ArrowRightOutlined style={{ color: '#bfbfbf' }} />}
            {status(entry.statusTo)}
          </Space>
        ) : null,
    },
    {
      key: 'comment',
      title: labels.t('ui.audit.comment'),
      width: 160,
      render: (_v, entry) => entry.comment ?? '',
    },
  ];
  return (
    <Card size="small" title={labels.t('ui.audit.title')}>
      <Table<HistoryEntry>
        size="small"
        rowKey="auditId"
        pagination={history.length > 10 ? { pageSize: 10, size: 'small' } : false}
        dataSource={[...history]}
        locale={{ emptyText: labels.t('ui.audit.empty') }}
        columns={[
          {
            key: 'time',
            title: labels.t('ui.audit.time'),
            width: 170,
            render: (_v, entry) => formatDateTime(entry.creationDate),
          },
          {
            key: 'user',
            title: labels.t('ui.audit.user'),
            width: 110,
            render: (_v, entry) => entry.userName ?? '',
          },
          {
            key: 'action',
            title: labels.t('ui.audit.action'),
            width: 140,
            render: (_v, entry) => {
              const line = entry.entity === entity.name ? undefined : lineOf(entity, entry.entity);
              // A line changed by the header's action (a request's supplier rows on 发送) is named
              // by the header's label of that action when the line has none of its own.
              const own = labels.action(line?.[1].name ?? entity.name, entry.action);
              const action = line && own === entry.action ? labels.action(entity.name, entry.action) : own;
              return line ? `${labels.field(entity.name, line[0])} · ${action}` : action;
            },
          },
          ...(entity.workflow ? workflowColumns : []),
          {
            key: 'changes',
            title: labels.t('ui.audit.changes'),
            render: (_v, entry) => {
              const owner =
                entry.entity === entity.name ? entity : (lineOf(entity, entry.entity)?.[1] ?? entity);
              return <Changes owner={owner} entry={entry} />;
            },
          },
        ]}
      />
    </Card>
  );
}
