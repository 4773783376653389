// Runs workflow actions from a list or an edit page: asks for confirmation or inputs first,
// shows a spinner on the pressed button, refuses a second press while one runs, and toasts
// the outcome.
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { EntityDef, WorkflowAction } from '@srm/kernel';
import { ApiFailure, request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { useConfirm } from '../context/useConfirm';
import { invalidateAfterWrite } from '../fields/lookups';
import { type ActionInputRequest, type ActionInputValues, ActionInputModal } from './ActionInputModal';
import { askableInputs, initialInputs } from './workflow';

export type ActionTarget =
  { ids: number[] } | { id: number; versionNum?: number; row?: Readonly<Record<string, unknown>> };

export interface ActionRunner {
  /** Name of the action running now, or null. */
  busy: string | null;
  run(name: string, action: WorkflowAction, target: ActionTarget): Promise<boolean>;
  /** The input modal; render it once in the page. */
  modal: ReactNode;
}

export function useActionRunner(entity: EntityDef, onDone?: () => void): ActionRunner {
  const api = useApi();
  const labels = useLabels();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);
  const running = useRef(false);
  const [inputRequest, setInputRequest] = useState<ActionInputRequest | null>(null);

  const askInputs = useCallback(
    (title: string, action: WorkflowAction, row?: Readonly<Record<string, unknown>>) =>
      new Promise<ActionInputValues | null>((resolve) =>
        setInputRequest({
          title,
          entityName: entity.name,
          needs: action.needs ?? [],
          ...(action.input ? { input: action.input, initial: initialInputs(action.input, row) } : {}),
          danger: action.danger,
          resolve: (values) => {
            setInputRequest(null);
            resolve(values);
          },
        }),
      ),
    [entity.name],
  );

  const run = useCallback(
    async (name: string, action: WorkflowAction, target: ActionTarget) => {
      if (running.current) return false;
      const label = labels.action(entity.name, name);
      const count = 'ids' in target ? target.ids.length : 1;
      let inputs: ActionInputValues = {};
      if (action.needs?.length || askableInputs(action.input).length) {
        const title = action.needs?.includes('comment')
          ? labels.t('ui.action.commentTitle', { action: label })
          : label;
        const given = await askInputs(title, action, 'row' in target ? target.row : undefined);
        if (!given) return false;
        inputs = given;
      } else if (action.confirm || action.danger) {
        const confirmed = await confirm({
          title: labels.t(count > 1 ? 'ui.action.confirm' : 'ui.action.confirmOne', { action: label, count }),
          okButtonProps: { danger: !!action.danger },
        });
        if (!confirmed) return false;
      }
      const body =
        'ids' in target
          ? { ids: target.ids, ...inputs }
          : { [entity.key]: target.id, versionNum: target.versionNum, ...inputs };
      running.current = true;
      setBusy(name);
      try {
        await request(api, `${entity.apiPath}/${name}`, body);
        void message.success(
          labels.t(action.startsJob ? 'ui.action.started' : 'ui.action.done', { action: label }),
        );
        await invalidateAfterWrite(queryClient, entity);
        onDone?.();
        return true;
      } catch (error) {
        void message.error(error instanceof ApiFailure ? error.message : String(error));
        return false;
      } finally {
        running.current = false;
        setBusy(null);
      }
    },
    [api, askInputs, confirm, entity, labels, message, onDone, queryClient],
  );

  return { busy, run, modal: <ActionInputModal request={inputRequest} /> };
}
