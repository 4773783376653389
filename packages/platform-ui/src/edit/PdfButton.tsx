// A header button of a document that prints it through one of its read endpoints answering
// `{ fileName, contentType, content: <base64> }` (an order's print, a delivery note's labels)
// and saves the file; the label is the endpoint's action label.
import { useState } from 'react';
import { PrinterOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { ApiFailure, request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { saveFile } from '../attachments/fileApi';
import type { EditButton, EditButtonProps, ListButton, ListButtonProps } from './extensions';

interface PrintedFile {
  fileName: string;
  contentType: string;
  content: string;
}

function blobOf(file: PrintedFile): Blob {
  const binary = atob(file.content);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: file.contentType });
}

/**
 * `pdfButton('printLabels', 'srmPurAsnHeader.view')`: calls `{apiPath}/printLabels` with the
 * row's key (and `extra`), shown to holders of `resource`.
 */
export function pdfButton(
  endpoint: string,
  resource: string,
  extra: Readonly<Record<string, unknown>> = {},
): EditButton {
  function PdfButton({ entity, row, disabled }: EditButtonProps) {
    const api = useApi();
    const labels = useLabels();
    const { message } = App.useApp();
    const [busy, setBusy] = useState(false);
    const print = async () => {
      setBusy(true);
      try {
        const answer = await request<PrintedFile>(api, `${entity.apiPath}/${endpoint}`, {
          [entity.key]: row[entity.key],
          ...extra,
        });
        saveFile({ blob: blobOf(answer.data), fileName: answer.data.fileName });
        void message.success(labels.t('ui.print.done', { fileName: answer.data.fileName }));
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        void message.error(error.message);
      } finally {
        setBusy(false);
      }
    };
    return (
      <Button icon={<PrinterOutlined />} loading={busy} disabled={disabled} onClick={() => void print()}>
        {labels.action(entity.name, endpoint)}
      </Button>
    );
  }
  return { key: endpoint, resource, component: PdfButton };
}

/**
 * `pdfListButton('printLabels', 'srmPurAsnBarcode.printLabels')`: a list toolbar button calling
 * `{apiPath}/{endpoint}` with `{ ids }` of the rows chosen (disabled while none is).
 */
export function pdfListButton(endpoint: string, resource: string): ListButton {
  function PdfListButton({ entity, selected }: ListButtonProps) {
    const api = useApi();
    const labels = useLabels();
    const { message } = App.useApp();
    const [busy, setBusy] = useState(false);
    const print = async () => {
      setBusy(true);
      try {
        const answer = await request<PrintedFile>(api, `${entity.apiPath}/${endpoint}`, {
          ids: selected.map((row) => row[entity.key]),
        });
        saveFile({ blob: blobOf(answer.data), fileName: answer.data.fileName });
        void message.success(labels.t('ui.print.done', { fileName: answer.data.fileName }));
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        void message.error(error.message);
      } finally {
        setBusy(false);
      }
    };
    return (
      <Button
        icon={<PrinterOutlined />}
        loading={busy}
        disabled={!selected.length}
        onClick={() => void print()}
      >
        {labels.action(entity.name, endpoint)}
      </Button>
    );
  }
  return { key: endpoint, resource, component: PdfListButton };
}
