// 比较修订稿: two .docx documents of the contract side by side in one column, paragraph by
// paragraph — removed ones struck through in red, added ones underlined in green, changed ones
// with the characters that changed marked — and runs of unchanged paragraphs folded to a line
// that opens them. The later document defaults to the last one, the earlier to the one before.
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { Alert, Empty, Modal, Select, Space, Spin, Tag, Typography } from 'antd';
import { MODAL_Z_INDEX, inlineDiff } from '@srm/kernel';
import { ApiFailure, request, useApi, useLabels } from '@srm/platform-ui';

type Row = Record<string, unknown>;

type Paragraph =
  | { kind: 'same'; before: string; after: string }
  | { kind: 'changed'; before: string; after: string }
  | { kind: 'removed'; before: string }
  | { kind: 'added'; after: string };

interface Comparison {
  from: Row;
  to: Row;
  changed: number;
  paragraphs: Paragraph[];
}

export interface ContractCompareProps {
  readonly row: Row;
  onClose(): void;
}

const REMOVED = { color: '#cf1322', background: '#fff1f0', textDecoration: 'line-through' } as const;
const ADDED = { color: '#389e0d', background: '#f6ffed', textDecoration: 'underline' } as const;

/** A changed paragraph with the characters it lost and gained marked. */
export function InlineChanges({ before, after }: { before: string; after: string }) {
  return (
    <>
      {inlineDiff(before, after).map((part, index) =>
        part.kind === 'same' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <span key={index} style={part.kind === 'removed' ? REMOVED : ADDED}>
            {part.text}
          </span>
        ),
      )}
    </>
  );
}

/** A document row's id, as the list answered it. */
const idOf = (document: Row | undefined): number | undefined =>
  typeof document?.contractDocumentId === 'number' ? document.contractDocumentId : undefined;

export default function ContractCompare({ row, onClose }: ContractCompareProps) {
  const api = useApi();
  const labels = useLabels();
  const t = (key: string, params?: Record<string, string | number>) =>
    labels.t(`srmCctContract.compare.${key}`, params);
  const docx = ((row.documents as Row[] | undefined) ?? [])
    .filter(
      (document) =>
        ['GENERATED', 'REVISION'].includes(String(document.documentKind)) &&
        !String(document.fileName ?? '')
          .toLowerCase()
          .endsWith('.pdf'),
    )
    .sort((a, b) => Number(a.versionNo) - Number(b.versionNo));
  const [from, setFrom] = useState(idOf(docx[docx.length - 2]));
  const [to, setTo] = useState(idOf(docx[docx.length - 1]));
  const [result, setResult] = useState<Comparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (!from || !to) return;
    let current = true;
    setResult(null);
    setError(null);
    request<Comparison>(api, '/api/srm/v1/srmCctContractRestful/compareDocuments', {
      contractId: row.contractId,
      fromDocumentId: from,
      toDocumentId: to,
    })
      .then((answer) => current && setResult(answer.data))
      .catch((failure: unknown) => {
        if (!(failure instanceof ApiFailure)) throw failure;
        if (current) setError(failure.message);
      });
    return () => {
      current = false;
    };
  }, [from, to]);

  const option = (document: Row) => ({
    value: idOf(document),
    label: t('version', {
      version: Number(document.versionNo),
      kind: labels.code('CCT_DOCUMENT_KIND', String(document.documentKind)),
      author: String(document.authorName ?? ''),
    }),
  });

  const body = (): ReactNode => {
    if (docx.length < 2) return <Empty description={labels.t('srmCctContract.nothingToCompare')} />;
    if (error) return <Alert type="error" showIcon message={error} />;
    if (!result) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
    if (!result.changed) return <Alert type="success" showIcon message={t('none')} />;
    const blocks: ReactNode[] = [];
    let run: string[] = [];
    let runStart = 0;
    const flush = (at: number) => {
      if (!run.length) return;
      const start = runStart;
      const texts = run;
      // Runs of three or more unchanged paragraphs fold to one line, opened on a click.
      if (texts.length < 3 || opened.has(start))
        texts.forEach((text, offset) =>
          blocks.push(
            <Typography.Paragraph key={`s${start + offset}`} type="secondary" style={{ marginBottom: 8 }}>
              {text}
            </Typography.Paragraph>,
          ),
        );
      else
        blocks.push(
          <Typography.Link
            key={`f${start}`}
            style={{ display: 'block', marginBottom: 8 }}
            onClick={() => setOpened(new Set([...opened, start]))}
          >
            {t('same', { count: texts.length })}
          </Typography.Link>,
        );
      run = [];
      runStart = at;
    };
    result.paragraphs.forEach((paragraph, index) => {
      if (paragraph.kind === 'same') {
        if (!run.length) runStart = index;
        run.push(paragraph.after);
        return;
      }
      flush(index);
      const tag = (
        <Tag color={{ removed: 'red', added: 'green', changed: 'orange' }[paragraph.kind]}>
          {t(paragraph.kind)}
        </Tag>
      );
      blocks.push(
        <div key={`d${index}`} style={{ marginBottom: 8, lineHeight: 1.8 }} data-diff={paragraph.kind}>
          {tag}
          {paragraph.kind === 'removed' ? (
            <span style={REMOVED}>{paragraph.before}</span>
          ) : paragraph.kind === 'added' ? (
            <span style={ADDED}>{paragraph.after}</span>
          ) : (
            <InlineChanges before={paragraph.before} after={paragraph.after} />
          )}
        </div>,
      );
    });
    flush(result.paragraphs.length);
    return (
      <>
        <Typography.Text type="secondary">{t('summary', { changed: result.changed })}</Typography.Text>
        <div style={{ marginTop: 12, maxHeight: '60vh', overflowY: 'auto', whiteSpace: 'pre-wrap' }}>
          {blocks}
        </div>
      </>
    );
  };

  return (
    <Modal
      open
      width={880}
      zIndex={MODAL_Z_INDEX}
      title={labels.action('srmCctContract', 'compareDocuments')}
      onCancel={onClose}
      footer={null}
    >
      {docx.length >= 2 && (
        <Space style={{ marginBottom: 12 }} wrap>
          <span>{t('from')}</span>
          <Select style={{ width: 280 }} value={from} onChange={setFrom} options={docx.map(option)} />
          <span>{t('to')}</span>
          <Select style={{ width: 280 }} value={to} onChange={setTo} options={docx.map(option)} />
        </Space>
      )}
      {body()}
    </Modal>
  );
}
