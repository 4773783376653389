// A header button of a document that calls one of its entity's endpoints with the row's key
// and opens the document the endpoint answers (创建送货单 on a confirmed delivery notice opens
// the new delivery note); shown in the given states only. The label is the endpoint's action label.
// Or another area's endpoint, named by its path (生成合同 on an approved award or pattern-making
// reply asks the contract area, which the award's area does not import): the row goes by the
// name that endpoint gives it, the label is the row's entity's, the message the endpoint's.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
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
  /**
   * The edit screen of the answered document and its key field; `from` finds the key in the
   * answer where it is not at its top (`{ contracts: [{ contractId }] }`).
   */
  readonly open: {
    readonly path: string;
    readonly key: string;
    readonly from?: (data: Readonly<Record<string, unknown>>) => unknown;
  };
  /**
   * Another entity's endpoint: its API path, the input naming the row per entity
   * (`srmInquiryAward` → `inquiryAwardId`), the label (`<row's entity>.action.<label>`) and the
   * entity whose cached lists it changes.
   */
  readonly of?: {
    readonly apiPath: string;
    readonly inputs: Readonly<Record<string, string>>;
    readonly label: string;
    readonly invalidates: string;
  };
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
    const queryClient = useQueryClient();
    const { message } = App.useApp();
    const [busy, setBusy] = useState(false);
    const { of } = options;
    const input = of ? of.inputs[entity.name] : entity.key;
    if (!input || !options.states.includes(String(row.status)) || (options.when && !options.when(row)))
      return null;
    const run = async () => {
      setBusy(true);
      try {
        const answer = await request<Record<string, unknown>>(
          api,
          `${of?.apiPath ?? entity.apiPath}/${endpoint}`,
          { [input]: row[entity.key] },
        );
        // What it changed is read again: the document shown (生成合同文本 adds to its documents), or
        // the entity it made another's from.
        await queryClient.invalidateQueries({ queryKey: ['entity', of ? of.invalidates : entity.name] });
        void message.success(of ? answer.msg : labels.t('ui.edit.saved'));
        const id = options.open.from ? options.open.from(answer.data) : answer.data[options.open.key];
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
        {labels.action(entity.name, of?.label ?? endpoint)}
      </Button>
    );
  }
  return { key: endpoint, resource, component: EndpointButton };
}
