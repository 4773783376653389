// 电子签署: the dialog in which a seal keeper signs a contract for its party. It asks for the
// signing link on opening (refused at once for someone who may not sign), or takes the token of
// the link the page was opened with (querySignUrl's url, from a mail) and asks for a fresh one
// only when that is refused. It shows the document to sign, mails the one-time code (again after
// a minute), and signs with the code typed; the page then shows the contract as it stands
// (effective once the other party has signed too). A contract signed at an external provider
// (ADR 0032) is signed on the provider's page instead, opened in a new window.
import { useEffect, useRef, useState } from 'react';
import { App, Button, Descriptions, Input, Modal, Space, Typography } from 'antd';
import { FilePdfOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { ApiFailure, PdfViewer, request, useApi, useLabels, useScreen } from '@srm/platform-ui';

type Row = Record<string, unknown>;

export interface ContractSignProps {
  readonly row: Row;
  /** The edit screen the contract is open in, opened again after signing. */
  readonly editPath: string;
  /** The token of the signing link the page was opened with, used instead of asking for one. */
  readonly linkToken?: string | null;
  onClose(): void;
}

interface SignLink {
  token: string | null;
  external?: boolean;
  url: string;
}

const RESEND_SECONDS = 60;

/** The file of the document to sign: the last signed copy, else the finalized PDF. */
export function currentPdfFile(row: Row): number | null {
  const documents = ((row.documents as Row[] | undefined) ?? []).filter((document) =>
    ['SIGNED', 'FINALIZED'].includes(String(document.documentKind)),
  );
  const last = documents.sort((a, b) => Number(b.versionNo) - Number(a.versionNo))[0];
  const id = Number(String(last?.fileIds ?? '').split(',')[0]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export default function ContractSign({ row, editPath, linkToken, onClose }: ContractSignProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { message } = App.useApp();
  const contractId = Number(row.contractId);
  const [token, setToken] = useState<string | null>(linkToken ?? null);
  /** A fresh link was asked for after the one in hand was refused: not again. */
  const renewed = useRef(false);
  /** The external provider's page, when the contract is signed there. */
  const [external, setExternal] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState(false);
  const closed = useRef(false);
  const t = (key: string, params?: Record<string, string | number>) =>
    labels.t(`srmCctContract.sign.${key}`, params);

  const askLink = async () =>
    (await request<SignLink>(api, '/api/srm/v1/srmCctContractRestful/querySignUrl', { contractId })).data;

  useEffect(() => {
    closed.current = false;
    if (!linkToken)
      askLink()
        .then((link) => {
          if (closed.current) return;
          if (link.external) setExternal(link.url);
          else setToken(link.token);
        })
        .catch((error: unknown) => {
          if (error instanceof ApiFailure) void message.error(error.message);
          onClose();
        });
    return () => {
      closed.current = true;
    };
    // Asked once per opening of the dialog, unless a link's token came with it.
  }, [contractId]);

  /**
   * Calls with the token in hand; when it is refused as no longer valid (a link from an older
   * mail, or one sent to another user), asks once for a fresh link and calls again with it. The
   * answer carries the refusal's text only, in the language shown: that is what is compared.
   */
  const withLink = async <T,>(call: (token: string | null) => Promise<T>): Promise<T> => {
    try {
      return await call(token);
    } catch (error) {
      const stale =
        error instanceof ApiFailure && error.message === labels.t('srmCctContract.signLinkInvalid');
      if (!stale || renewed.current) throw error;
      renewed.current = true;
      const link = await askLink();
      if (link.external || !link.token) throw error;
      setToken(link.token);
      return call(link.token);
    }
  };

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const failed = (error: unknown) => {
    if (!(error instanceof ApiFailure)) throw error;
    void message.error(error.message);
  };

  const sendCode = async () => {
    setBusy(true);
    try {
      const answer = await withLink((link) =>
        request<{ sentTo: string }>(api, '/api/srm/v1/srmCctContractRestful/sendSignCode', {
          contractId,
          token: link,
        }),
      );
      setSentTo(answer.data.sentTo);
      setWait(RESEND_SECONDS);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const sign = async () => {
    setBusy(true);
    try {
      await withLink((link) =>
        request(api, '/api/srm/v1/srmCctContractRestful/signDocument', {
          contractId,
          token: link,
          code: code.trim(),
        }),
      );
      void message.success(t('done'));
      onClose();
      screen.open(editPath, { contractId });
    } catch (error) {
      failed(error);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const fileId = currentPdfFile(row);
  return (
    <Modal
      open
      zIndex={MODAL_Z_INDEX}
      title={
        <Space>
          <SafetyCertificateOutlined />
          {t('title')}
        </Space>
      }
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {labels.t('ui.cancel')}
        </Button>,
        external ? (
          <Button
            key="external"
            type="primary"
            href={external}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => {
              // Signed in the provider's window; its callback makes the contract here move on.
              onClose();
              screen.open(editPath, { contractId });
            }}
            data-testid="contract-sign-external"
          >
            {t('openExternal')}
          </Button>
        ) : (
          <Button
            key="sign"
            type="primary"
            loading={busy}
            disabled={!token || !/^\d{6}$/.test(code.trim())}
            onClick={() => void sign()}
            data-testid="contract-sign-confirm"
          >
            {t('confirm')}
          </Button>
        ),
      ]}
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={labels.field('srmCctContract', 'contractNumber')}>
          {String(row.contractNumber ?? '')}
        </Descriptions.Item>
        <Descriptions.Item label={labels.field('srmCctContract', 'contractName')}>
          {String(row.contractName ?? '')}
        </Descriptions.Item>
        <Descriptions.Item label={t('document')}>
          <Button
            type="link"
            size="small"
            icon={<FilePdfOutlined />}
            disabled={!fileId}
            onClick={() => setViewing(true)}
          >
            {t('view')}
          </Button>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {external ? t('external') : sentTo ? t('sent', { email: sentTo }) : t('hint')}
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%', display: external ? 'none' : undefined }}>
        <Input
          autoFocus
          inputMode="numeric"
          maxLength={6}
          placeholder={t('code')}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          onPressEnter={() => /^\d{6}$/.test(code) && void sign()}
          data-testid="contract-sign-code"
        />
        <Button
          disabled={!token || wait > 0 || busy}
          onClick={() => void sendCode()}
          data-testid="contract-sign-send"
        >
          {wait > 0 ? t('resend', { seconds: wait }) : t('send')}
        </Button>
      </Space.Compact>
      {viewing && fileId && (
        <PdfViewer
          fileId={fileId}
          title={String(row.contractNumber ?? '')}
          onClose={() => setViewing(false)}
          onError={(error) => void message.error(error.message)}
        />
      )}
    </Modal>
  );
}
