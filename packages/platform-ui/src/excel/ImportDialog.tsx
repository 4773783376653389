// The import dialog (spec §7, DESIGN §10): download the template, pick an .xlsx, import. All
// rows or none: a refused file shows its row issues with row numbers and offers the error
// report; a big file runs as a job whose status is polled until it ends.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DownloadOutlined, ImportOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Progress, Result, Space, Table, Typography } from 'antd';
import { type EntityDef, MODAL_Z_INDEX } from '@srm/kernel';
import { useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { invalidateAfterWrite } from '../fields/lookups';
import { downloadFile, saveFile } from '../attachments/fileApi';
import {
  type ImportAnswer,
  type ImportIssue,
  type ImportStatus,
  importExcel,
  importStatus,
  importTemplate,
  importedSummary,
  percentOf,
} from './excelApi';

export interface ImportDialogProps {
  entity: EntityDef;
  open: boolean;
  onClose(): void;
  /** How often a running import is asked for its status, in ms. */
  pollMs?: number;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'running'; status: ImportStatus }
  | ImportAnswer;

export function ImportDialog({ entity, open, onClose, pollMs = 1000 }: ImportDialogProps) {
  const api = useApi();
  const labels = useLabels();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [templateBusy, setTemplateBusy] = useState(false);
  const title = labels.entity(entity.name);

  useEffect(() => {
    if (!open) {
      setFile(null);
      setPhase({ kind: 'idle' });
    }
  }, [open]);

  // A queued import: its status until it ends.
  const running = phase.kind === 'queued' || phase.kind === 'running' ? phase : null;
  const importId = running ? (running.kind === 'queued' ? running.importId : running.status.importId) : null;
  useEffect(() => {
    if (importId === null) return;
    let stopped = false;
    const tick = async () => {
      try {
        const status = await importStatus(api, importId);
        if (stopped) return;
        if (status.status === 'DONE') {
          setPhase({ kind: 'done', count: status.created ?? status.total, message: status.message ?? '' });
          await invalidateAfterWrite(queryClient, entity);
          return;
        }
        if (status.status === 'FAILED') {
          setPhase({
            kind: 'failed',
            message: status.message ?? labels.t('ui.excel.failed', { count: status.issueCount ?? 0 }),
            errorFileId: status.errorFileId,
            issueCount: status.issueCount ?? 0,
            rowCount: status.total,
            issues: [],
          });
          return;
        }
        setPhase({ kind: 'running', status });
      } catch (error) {
        if (!stopped) void message.error((error as Error).message);
        return;
      }
      if (!stopped) timer = setTimeout(() => void tick(), pollMs);
    };
    let timer = setTimeout(() => void tick(), pollMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [importId, api, pollMs, queryClient, entity, labels, message]);

  const template = async () => {
    setTemplateBusy(true);
    try {
      saveFile(await importTemplate(api, entity.name));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setTemplateBusy(false);
    }
  };

  const start = async () => {
    if (!file) {
      void message.warning(labels.t('ui.excel.noFile'));
      return;
    }
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const answer = await importExcel(api, entity.name, file, (sent, total) =>
        setPhase({ kind: 'uploading', percent: percentOf(sent, total) }),
      );
      setPhase(answer);
      if (answer.kind === 'done') await invalidateAfterWrite(queryClient, entity);
    } catch (error) {
      setPhase({ kind: 'idle' });
      void message.error((error as Error).message);
    }
  };

  const errorReport = (fileId: number) =>
    void downloadFile(api, { id: fileId, fileSize: 0 }).then(
      saveFile,
      (error: Error) => void message.error(error.message),
    );

  const busy = phase.kind === 'uploading' || phase.kind === 'queued' || phase.kind === 'running';
  const issueColumns = [
    {
      key: 'row',
      title: labels.t('ui.excel.row'),
      width: 80,
      render: (_: unknown, issue: ImportIssue) => issue.row ?? '',
    },
    { key: 'column', title: labels.t('ui.excel.column'), width: 160, dataIndex: 'column' },
    { key: 'message', title: labels.t('ui.excel.message'), dataIndex: 'message' },
  ];

  return (
    <Modal
      open={open}
      title={labels.t('ui.excel.importTitle', { title })}
      onCancel={onClose}
      zIndex={MODAL_Z_INDEX}
      width={760}
      destroyOnHidden
      footer={
        phase.kind === 'done' ? (
          <Button type="primary" onClick={onClose}>
            {labels.t('ui.ok')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{labels.t('ui.cancel')}</Button>
            <Button
              type="primary"
              icon={<ImportOutlined />}
              loading={busy}
              disabled={!file || phase.kind === 'queued' || phase.kind === 'running'}
              onClick={() => void start()}
            >
              {labels.t('ui.excel.start')}
            </Button>
          </Space>
        )
      }
    >
      <div data-testid="import-dialog">
        <Typography.Paragraph type="secondary">{labels.t('ui.excel.templateHint')}</Typography.Paragraph>
        <Space style={{ marginBottom: 16 }} wrap>
          <Button icon={<DownloadOutlined />} loading={templateBusy} onClick={() => void template()}>
            {labels.t('ui.excel.template')}
          </Button>
          <input
            ref={input}
            type="file"
            accept=".xlsx"
            style={{ display: 'none' }}
            data-testid="import-input"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setPhase({ kind: 'idle' });
              event.target.value = '';
            }}
          />
          <Button icon={<InboxOutlined />} disabled={busy} onClick={() => input.current?.click()}>
            {labels.t('ui.excel.chooseFile')}
          </Button>
          {file && <Typography.Text data-testid="import-file">{file.name}</Typography.Text>}
        </Space>
        {phase.kind === 'uploading' && <Progress percent={phase.percent} status="active" />}
        {(phase.kind === 'queued' || phase.kind === 'running') && (
          <>
            <Alert
              type="info"
              showIcon
              title={labels.t('ui.excel.queued', {
                total:
                  running && running.kind === 'queued'
                    ? running.total
                    : phase.kind === 'running'
                      ? phase.status.total
                      : 0,
              })}
            />
            {phase.kind === 'running' && (
              <div style={{ marginTop: 12 }}>
                <Typography.Text type="secondary">
                  {labels.t(`ui.excel.status.${phase.status.status}`)} ·{' '}
                  {labels.t('ui.excel.progress', {
                    progress: phase.status.progress,
                    total: phase.status.total,
                  })}
                </Typography.Text>
                <Progress percent={percentOf(phase.status.progress, phase.status.total)} status="active" />
              </div>
            )}
          </>
        )}
        {phase.kind === 'done' && <Result status="success" {...importedSummary(phase, entity, labels)} />}
        {phase.kind === 'failed' && (
          <>
            <Alert
              type="error"
              showIcon
              title={labels.t('ui.excel.failed', { count: phase.issueCount })}
              description={
                phase.rowCount !== null ? labels.t('ui.excel.rows', { rows: phase.rowCount }) : undefined
              }
              action={
                phase.errorFileId !== null ? (
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={() => errorReport(phase.errorFileId!)}
                  >
                    {labels.t('ui.excel.errorFile')}
                  </Button>
                ) : undefined
              }
            />
            {phase.issues.length > 0 && (
              <Table<ImportIssue>
                style={{ marginTop: 12 }}
                size="small"
                rowKey={(issue) => `${issue.row}-${issue.column}-${issue.message}`}
                columns={issueColumns}
                dataSource={phase.issues}
                pagination={false}
                scroll={{ y: 240 }}
                data-testid="import-issues"
              />
            )}
            {phase.issueCount > phase.issues.length && phase.issues.length > 0 && (
              <Typography.Text type="secondary">
                {labels.t('ui.excel.moreIssues', { shown: phase.issues.length })}
              </Typography.Text>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
