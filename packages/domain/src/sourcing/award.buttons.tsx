// The buttons of an award (web), for inquiry and auction awards alike, on the buyer's side only.
// 下达预览 opens what its approval will write to purchasing (HandOffPreview.tsx, loaded on first
// use; the preview endpoint asks for the award's read grant). 生成合同 on an approved award asks
// the contract area to draft a contract per awarded supplier and opens the first.
import { Suspense, lazy, useState } from 'react';
import { EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import {
  type EditButton,
  type EditButtonProps,
  endpointButton,
  useLabels,
  useSession,
} from '@srm/platform-ui';

const HandOffPreview = lazy(() => import('./HandOffPreview'));

/** The first contract a hand-off to contracts answers (`{ contracts: [{ contractId }] }`). */
const firstContract = (data: Readonly<Record<string, unknown>>) =>
  (data.contracts as readonly { contractId: number }[] | undefined)?.[0]?.contractId;

function PreviewButton({ entity, row, disabled }: EditButtonProps) {
  const labels = useLabels();
  const { side } = useSession();
  const [open, setOpen] = useState(false);
  if (side !== 'internal' || !row[entity.key]) return null;
  return (
    <>
      <Button icon={<EyeOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.action(entity.name, 'handOffPreview')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <HandOffPreview entity={entity} row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export const handOffPreviewButton = (entityName: string): EditButton => ({
  key: 'handOffPreview',
  resource: `${entityName}.view`,
  component: PreviewButton,
});

/**
 * 生成合同 on an approved award: the contract area drafts a contract per awarded supplier (made
 * once: pressed again, it answers the same contracts) and the first opens. Contracts depend on
 * sourcing, not the other way: the endpoint and the contract's screen are named by their paths
 * (contract/contract.from-award.ts, contract/contract.screens.ts).
 */
export const createContractsButton: EditButton = endpointButton(
  'createFromAward',
  'srmCctContract.createFromAward',
  {
    states: ['APPROVED'],
    of: {
      apiPath: '/api/srm/v1/srmCctContractRestful',
      inputs: { srmInquiryAward: 'inquiryAwardId', srmAuctionAward: 'auctionAwardId' },
      label: 'createContracts',
      invalidates: 'srmCctContract',
    },
    open: { path: 'contractManage/cctContractEdit', key: 'contractId', from: firstContract },
  },
);
