// Confirmation dialogs at the spec's modal z-index (antd puts hook confirmations at 2000).
import { useCallback } from 'react';
import { App, type ModalFuncProps } from 'antd';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { useLabels } from './labels';

export function useConfirm(): (options: ModalFuncProps) => Promise<boolean> {
  const { modal } = App.useApp();
  const labels = useLabels();
  return useCallback(
    async (options) =>
      !!(await modal.confirm({
        zIndex: MODAL_Z_INDEX,
        okText: labels.t('ui.ok'),
        cancelText: labels.t('ui.cancel'),
        ...options,
      })),
    [modal, labels],
  );
}
