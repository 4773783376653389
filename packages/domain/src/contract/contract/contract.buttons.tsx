// The contract page's own buttons, each opening its dialog loaded on first use: 上传修订稿 while
// the caller's side may revise the document (ContractRevision.tsx), 电子签署 while the contract is
// being signed and the caller's party has not yet signed (ContractSign.tsx), and 验证签名 once a
// signed copy exists (ContractVerify.tsx). Both sides have all three.
import { Suspense, lazy, useState } from 'react';
import {
  AccountBookOutlined,
  FormOutlined,
  SafetyCertificateOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { type EditButton, type EditButtonProps, useLabels, useSession } from '@srm/platform-ui';
import { EXECUTION_VIEW_STATES, REVISION_STATES } from './contract.entity';

const ContractSign = lazy(() => import('./ContractSign'));
const ContractVerify = lazy(() => import('./ContractVerify'));
const ContractRevision = lazy(() => import('./ContractRevision'));
const ContractRefundSettle = lazy(() => import('./ContractRefundSettle'));

const editPathOf = (side: string) =>
  side === 'supplier' ? 'supplierContractEdit' : 'contractManage/cctContractEdit';

const hasSigned = (row: Record<string, unknown>) =>
  ((row.documents as Record<string, unknown>[] | undefined) ?? []).some((d) => d.documentKind === 'SIGNED');

function SignButton({ row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  const signedByUs = side === 'supplier' ? row.partyBSignedDate : row.partyASignedDate;
  if (row.status !== 'SIGNING' || !row.finalizedSha256 || signedByUs) return null;
  return (
    <>
      <Button type="primary" icon={<FormOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action('srmCctContract', 'querySignUrl')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ContractSign row={row} editPath={editPathOf(side)} onClose={() => setOpen(false)} />
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
  const hasDocument = ((row.documents as Record<string, unknown>[] | undefined) ?? []).length > 0;
  if (!states.includes(String(row.status)) || !hasDocument) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action('srmCctContract', 'uploadRevision')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ContractRevision
            contractId={Number(row.contractId)}
            editPath={editPathOf(side)}
            onClose={() => setOpen(false)}
          />
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
];
