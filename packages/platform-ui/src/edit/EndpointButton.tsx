// A header button of a document that calls one of its entity's endpoints with the row's key
// and opens the document the endpoint answers (创建送货单 on a confirmed delivery notice opens
// the new delivery note); shown in the given states only. The label is the endpoint's action label.
import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { ApiFailure, request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { useScreen } from '../screens/ScreenContext';
import type { EditButton, EditButtonProps } from './extensions';

export interface EndpointButtonOptions {
  /** States of the row in which the button shows. */
  readonly states: readonly string[];
  /** Besides the state, whether the row offers it (a pre-contract's 转正式合同). */
  readonly when?: (row: Readonly<Record<string, unknown>>) => boolean;
  /** The edit screen of the answered document and its key field. */
  readonly open: { readonly path: string; readonly key: string };
}

/** `endpointButton('createAsn', 'srmPurDeliveryNotice.createAsn', { states: ['CONFIRMED'], open: … })`. */
export function endpointButton(
  endpoint: string,
  resource: string,
  options: EndpointButtonOptions,
): EditButton {
  function EndpointButton({ entity, row, disabled }: EditButtonProps) {
    const api = useApi();
    const labels = useLabels();
    const screen = useScreen();
    const { message } = App.useApp();
    const [busy, setBusy] = useState(false);
    if (!options.states.includes(String(row.status)) || (options.when && !options.when(row))) return null;
    const run = async () => {
      setBusy(true);
      try {
        const answer = await request<Record<string, unknown>>(api, `${entity.apiPath}/${endpoint}`, {
          [entity.key]: row[entity.key],
        });
        void message.success(labels.t('ui.edit.saved'));
        const id = answer.data[options.open.key];
        if (typeof id === 'number') screen.open(options.open.path, { [options.open.key]: id });
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        void message.error(error.message);
      } finally {
        setBusy(false);
      }
    };
    return (
      <Button icon={<PlusOutlined />} loading={busy} disabled={disabled} onClick={() => void run()}>
        {labels.action(entity.name, endpoint)}
      </Button>
    );
  }
  return { key: endpoint, resource, component: EndpointButton };
}
