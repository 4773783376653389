// The error catalogue of the spec (§8) and the one way the toolkit shows feedback: toasts at top
// 20 for 4 seconds (the app's message config), upload failures for 2.5 seconds, texts from the
// catalogue in the user's language.
import { useMemo } from 'react';
import { App } from 'antd';
import type { MessageParams } from '@srm/kernel';
import { useLabels } from '../context/labels';

/** Situations of §8 and the message key that says each. */
export const ERROR_CATALOGUE = {
  deleteAttachmentConfirm: 'ui.attachment.deleteConfirm',
  attachmentDeleted: 'ui.attachment.deleted',
  extensionRefused: 'ui.attachment.extensionRefused',
  previewUnsupported: 'ui.attachment.notPreviewable',
  tableWithoutApi: 'ui.error.noApi',
  badTreeArguments: 'ui.tree.bad',
  registerCallbackMissing: 'ui.error.registerCallback',
  chunkLoadFailure: 'ui.error.chunkLoad',
  noFileId: 'ui.error.noFileId',
  linkWithoutHandler: 'ui.error.linkHandler',
  missingClickHandler: 'ui.error.buttonHandler',
  uploadColumnWithoutConfig: 'ui.error.attachmentConfig',
  invalidCheckboxValue: 'ui.error.checkboxValue',
  customPageSizeBelowZero: 'ui.error.customPageSize',
  exportWithoutUrl: 'ui.error.exportUrl',
  exportWithoutColumns: 'ui.error.exportColumns',
  messageWithoutType: 'ui.error.messageType',
  messageBodyNotObject: 'ui.error.messageBody',
} as const;

export type CatalogueSituation = keyof typeof ERROR_CATALOGUE;

/** Seconds an upload failure stays on screen (§8). */
export const UPLOAD_FAILURE_SECONDS = 2.5;

export interface Feedback {
  /** The text of a situation of the catalogue, in the user's language. */
  text(situation: CatalogueSituation, params?: MessageParams): string;
  success(text: string): void;
  /** A situation of the catalogue, a server's message (an Error) or a text. */
  error(
    what: CatalogueSituation | Error | string,
    options?: { params?: MessageParams; upload?: boolean },
  ): void;
  warning(what: CatalogueSituation | string, params?: MessageParams): void;
}

export function useFeedback(): Feedback {
  const { message } = App.useApp();
  const labels = useLabels();
  return useMemo(() => {
    const textOf = (what: CatalogueSituation | Error | string, params?: MessageParams) =>
      what instanceof Error
        ? what.message
        : what in ERROR_CATALOGUE
          ? labels.t(ERROR_CATALOGUE[what as CatalogueSituation], params)
          : what;
    return {
      text: (situation, params) => labels.t(ERROR_CATALOGUE[situation], params),
      success: (text) => void message.success(text),
      error: (what, options) =>
        void message.error({
          content: textOf(what, options?.params),
          duration: options?.upload ? UPLOAD_FAILURE_SECONDS : undefined,
        }),
      warning: (what, params) => void message.warning(textOf(what, params)),
    };
  }, [message, labels]);
}
