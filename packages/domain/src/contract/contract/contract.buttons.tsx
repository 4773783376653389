// The contract page's own buttons, each opening its dialog loaded on first use: 上传修订稿 while
// the caller's side may revise the document (ContractRevision.tsx), 电子签署 while the contract is
// being signed and the caller's party has not yet signed (ContractSign.tsx), and 验证签名 once a
// signed copy exists (ContractVerify.tsx); the buyer also 比较修订稿 once there are two .docx
// documents (ContractCompare.tsx) and 条款差异 (ContractClauses.tsx). Both sides have the rest.
import { Suspense, lazy, useEffect, useState } from 'react';
import {
  AccountBookOutlined,
  DiffOutlined,
  FileSearchOutlined,
  FormOutlined,
  SafetyCertificateOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Button } from 'antd';
import { type EditButton, type EditButtonProps, useLabels, useScreen, useSession } from '@srm/platform-ui';
import { EXECUTION_VIEW_STATES, REVISION_STATES } from './contract.entity';

const ContractSign = lazy(() => import('./ContractSign'));
const ContractVerify = lazy(() => import('./ContractVerify'));
const ContractRevision = lazy(() => import('./ContractRevision'));
const ContractRefundSettle = lazy(() => import('./ContractRefundSettle'));
const ContractCompare = lazy(() => import('./ContractCompare'));
const ContractClauses = lazy(() => import('./ContractClauses'));

const editPathOf = (side: string) =>
  side === 'supplier' ? 'supplierContractEdit' : 'contractManage/cctContractEdit';

/** The parameter of a signing link (querySignUrl's url) that carries its token. */
const SIGN_TOKEN = 'signToken';

/** The token of the signing link the page was opened with, when it names this contract. */
function linkTokenOf(params: URLSearchParams, row: Record<string, unknown>): string | null {
  const token = params.get(SIGN_TOKEN);
  return token && params.get('contractId') === String(row.contractId) ? token : null;
}

const hasSigned = (row: Record<string, unknown>) =>
  ((row.documents as Record<string, unknown>[] | undefined) ?? []).some((d) => d.documentKind === 'SIGNED');

function SignButton({ row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const screen = useScreen();
  const { message } = App.useApp();
  // Opened from a signing link, the page opens the dialog at once with the link's token (for its
  // first opening only). The token leaves the tab's address: a reload, or the tab brought back
  // later, asks for a fresh link; and the page opened again after signing is this tab.
  const [linkToken, setLinkToken] = useState(() => linkTokenOf(screen.params, row));
  const [open, setOpen] = useState(linkToken !== null);
  const signedByUs = side === 'supplier' ? row.partyBSignedDate : row.partyASignedDate;
  const signable = row.status === 'SIGNING' && !!row.finalizedSha256 && !signedByUs;
  useEffect(() => {
    if (!screen.params.has(SIGN_TOKEN)) return;
    screen.replace(Object.fromEntries([...screen.params].filter(([name]) => name !== SIGN_TOKEN)));
    // A link to a contract signed since, or not yet to sign: the page says why no dialog opens.
    if (linkToken && !signable) void message.info(labels.t('srmCctContract.sign.notAwaiting'));
  }, [screen]);
  if (!signable) return null;
  return (
    <>
      <Button type="primary" icon={<FormOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action('srmCctContract', 'querySignUrl')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ContractSign
            row={row}
            editPath={editPathOf(side)}
            linkToken={linkToken}
            onClose={() => {
              setOpen(false);
              setLinkToken(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

function VerifyButton({ row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  if (!hasSigned(row)) return null;
  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action('srmCctContract', 'verifySignatures')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ContractVerify contractId={Number(row.contractId)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function RevisionButton({ row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  const states: readonly string[] = REVISION_STATES[side === 'supplier' ? 'supplier' : 'internal'];
  // A simplified contract's text is uploaded to begin with (a PDF); another revises a document.
  const hasDocument = ((row.documents as Record<string, unknown>[] | undefined) ?? []).length > 0;
  if (!states.includes(String(row.status)) || !(hasDocument || row.simplifiedFlag === 'Y')) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action('srmCctContract', 'uploadRevision')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ContractRevision
            contractId={Number(row.contractId)}
            simplified={row.simplifiedFlag === 'Y'}
            editPath={editPathOf(side)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/** 比较修订稿: the buyer's, once the contract has two .docx documents (generated or revisions). */
function CompareButton({ row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  const docx = ((row.documents as Record<string, unknown>[] | undefined) ?? []).filter(
    (document) =>
      ['GENERATED', 'REVISION'].includes(String(document.documentKind)) &&
      !String(document.fileName ?? '')
        .toLowerCase()
        .endsWith('.pdf'),
  );
  if (side === 'supplier' || docx.length < 2) return null;
  return (
    <>
      <Button icon={<DiffOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action('srmCctContract', 'compareDocuments')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ContractCompare row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** 条款差异: the buyer's, when the contract has clauses. */
function ClausesButton({ row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  if (side === 'supplier' || !((row.clauses as unknown[] | undefined) ?? []).length) return null;
  return (
    <>
      <Button icon={<FileSearchOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action('srmCctContract', 'clauseDifferences')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ContractClauses row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** 办理返还: the buyer's, on a signed contract with a mould or sample fee not yet settled. */
function RefundButton({ row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  const unsettled = ((row.refunds as Record<string, unknown>[] | undefined) ?? []).some(
    (line) => line.refundStatus === 'PENDING' || line.refundStatus === 'DUE',
  );
  if (!(EXECUTION_VIEW_STATES as readonly string[]).includes(String(row.status)) || !unsettled) return null;
  return (
    <>
      <Button icon={<AccountBookOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action('srmCctContract', 'settleRefund')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ContractRefundSettle row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The buyer's own buttons beside the shared ones. */
export const contractRefundButton: EditButton = {
  key: 'settleRefund',
  resource: 'srmCctContract.settleRefund',
  component: RefundButton,
};

export const contractSignButtons: EditButton[] = [
  { key: 'uploadRevision', resource: 'srmCctContract.uploadRevision', component: RevisionButton },
  { key: 'querySignUrl', resource: 'srmCctContract.querySignUrl', component: SignButton },
  { key: 'verifySignatures', resource: 'srmCctContract.view', component: VerifyButton },
  { key: 'compareDocuments', resource: 'srmCctContract.view', component: CompareButton },
  { key: 'clauseDifferences', resource: 'srmCctContract.view', component: ClausesButton },
];
