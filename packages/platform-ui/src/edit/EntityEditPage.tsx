// The generic edit screen of a document: header with number, status and the buttons valid now;
// the header form in cards; one editable grid per line collection; the activity log. Saves
// send only writable fields with the key and version; server issues land beside their fields.
// Without the save grant the page is read-only; actions and own buttons follow their grants.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Form, Result } from 'antd';
import { type EntityDef, type FieldDef, isClientWritable, textIn } from '@srm/kernel';
import { ApiFailure, request, useApi } from '../context/api';
import { useFormName } from '../context/formName';
import { useConfirm } from '../context/useConfirm';
import { useLabels } from '../context/labels';
import { useGranted, useSession } from '../context/session';
import { invalidateAfterWrite } from '../fields/lookups';
import { namesDocument, useRealtimeEvent } from '../realtime/realtime';
import { isStale, useRefreshOnReturn } from '../screens/freshness';
import { useScreen } from '../screens/ScreenContext';
import { useActionRunner } from '../workflow/useActionRunner';
import {
  availableActions,
  editableNow,
  fieldEditable,
  lineFieldEditable,
  linesEditable as rowsEditable,
  operationResource,
  readOnlyReason,
} from '../workflow/workflow';
import { ApprovalCard } from '../approval/ApprovalCard';
import { approvalActions, useDocumentApproval } from '../approval/bpm';
import { useApprovalActions } from '../approval/useApprovalActions';
import { AuditLog, type HistoryEntry } from './AuditLog';
import { EditHeader } from './EditHeader';
import type { EditButton, LinesEditor } from './extensions';
import { HeaderForm } from './HeaderForm';
import { fieldErrors } from './issues';
import { type LineIssue, checkLines, serverLineIssues } from './lineIssues';
import { LinesCard, lineColumns } from './LinesCard';
import { computedChanges, hasComputedFields, picksHeaderValue, touchedLines } from './liveCompute';
import { broughtBy, defaultValues, saveBody } from './saveBody';

type Row = Record<string, unknown>;

export interface EntityEditPageProps {
  entity: EntityDef;
  /** The screen's own header buttons. */
  buttons?: readonly EditButton[];
  /** The screen's own editor of some line collections. */
  linesEditor?: LinesEditor;
}

function idParam(params: URLSearchParams, key: string): number | null {
  const text = params.get(key) ?? params.get('id');
  const id = text && /^\d+$/.test(text) ? Number(text) : null;
  return id && id > 0 ? id : null;
}

export function EntityEditPage({ entity, buttons, linesEditor }: EntityEditPageProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const id = idParam(screen.params, entity.key);
  const found = useQuery({
    queryKey: ['entity', entity.name, 'find', id],
    queryFn: async () =>
      (await request<Row>(api, `${entity.apiPath}/findById`, { [entity.key]: id, withHistory: true })).data,
    enabled: id !== null,
  });
  if (id !== null && found.isLoading) return <Card loading style={{ minHeight: 240 }} />;
  if (id !== null && !found.data) {
    return (
      <Result
        status="warning"
        title={labels.t('ui.edit.notFound')}
        subTitle={(found.error as Error | null)?.message}
      />
    );
  }
  const saved = id !== null ? (found.data ?? null) : null;
  return (
    <EditForm
      key={`${id ?? 'new'}:${String(saved?.versionNum ?? '')}`}
      entity={entity}
      saved={saved}
      view={screen.params.get('mode') === 'view'}
      buttons={buttons ?? []}
      linesEditor={linesEditor}
    />
  );
}

/**
 * Starting values a new document was opened with (a list variant's fixed values): single lookup
 * codes the field allows, for fields the user could set.
 */
function presetValues(entity: EntityDef, params: URLSearchParams): Row {
  const preset: Row = {};
  for (const [name, value] of params) {
    const field = entity.fields[name];
    if (!field || field.kind !== 'lookup' || field.multi || field.readonly || field.system) continue;
    if (field.codes && !field.codes.includes(value)) continue;
    preset[name] = value;
  }
  return preset;
}

interface EditFormProps {
  entity: EntityDef;
  saved: Row | null;
  view: boolean;
  buttons: readonly EditButton[];
  linesEditor?: LinesEditor;
}

function EditForm({ entity, saved, view, buttons, linesEditor }: EditFormProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { side, userFullName, timeZone } = useSession();
  const may = useGranted();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm();
  const formName = useFormName('edit');
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  // The lines' problems from the last save, by collection; `focus` when the page should scroll to
  // the first of them (no header field is wrong).
  const [lineIssues, setLineIssues] = useState<{ byCollection: Record<string, LineIssue[]>; focus: boolean }>(
    () => ({ byCollection: {}, focus: false }),
  );
  const runner = useActionRunner(entity, () => void queryClient.invalidateQueries({ queryKey: ['bpm'] }));
  const savedId = saved ? (saved[entity.key] as number) : null;
  const hasApproval = approvalActions(entity).length > 0;
  const approval = useDocumentApproval(entity, savedId);
  // A saved document's line collections go into the form with one set each, before the first
  // paint: given as initialValues, rc-field-form deep-merges them leaf by leaf and copies the
  // whole line array at every leaf (quadratic: an order of 10,000 lines never opened). The
  // activity log (up to 500 entries with their changes) is no form value at all.
  const initialValues = useMemo(() => {
    if (!saved)
      return { ...defaultValues(entity, { userFullName, timeZone }), ...presetValues(entity, screen.params) };
    const header = { ...saved };
    for (const collection of Object.keys(entity.lines)) delete header[collection];
    delete header.history;
    return header;
  }, [saved, entity, userFullName, timeZone, screen.params]);
  useLayoutEffect(() => {
    if (!saved) return;
    for (const collection of Object.keys(entity.lines))
      form.setFieldValue(collection, (saved[collection] as Row[] | undefined) ?? []);
  }, [form, saved, entity]);
  const watched = Form.useWatch([], form) as Row | undefined;
  // The header's computed fields as the edit has them (totals of lines being typed), until a save
  // brings the server's.
  const [computedHeader, setComputedHeader] = useState<Row>({});
  useEffect(() => setComputedHeader({}), [saved]);
  // What picked references bring (a receipt's note: its supplier and organisation), shown at
  // once; the save's answer carries the server's own values.
  const [brought, setBrought] = useState<Row>({});
  useEffect(() => setBrought({}), [saved]);
  // A brought field the form edits takes the value too (a change info's supplier fills the
  // master's values in, ready to edit); read-only ones are only shown.
  const bring = useCallback(
    (name: string, row: Row | null) => {
      const values = broughtBy(entity, name, row);
      setBrought((before) => ({ ...before, ...values }));
      const editableValues = Object.fromEntries(
        Object.entries(values).filter(([key]) => {
          const field = entity.fields[key];
          return field !== undefined && isClientWritable(field) && !(key in entity.lines);
        }),
      );
      if (Object.keys(editableValues).length) form.setFieldsValue(editableValues);
    },
    [entity, form],
  );
  const current: Row = { ...(saved ?? {}), ...brought, ...(watched ?? {}), ...computedHeader };

  const maySave = may(operationResource(entity, 'save'));
  const writableNow = (field: FieldDef) => maySave && fieldEditable(entity, field, saved, side);
  const editable = (_name: string, field: FieldDef) => !view && writableNow(field);
  const reason = readOnlyReason(entity, saved, side);
  const linesEditable = !view && maySave && !reason;
  // Line fields open to this side in this state although the lines are not (a supplier's answer).
  const lineWritable = (collection: string, _name: string, field: FieldDef) => {
    const line = entity.lines[collection];
    return (
      !!line &&
      !view &&
      maySave &&
      ((linesEditable && !field.writableBy && !field.editableOnlyIn) ||
        lineFieldEditable(entity, line, field, saved, side))
    );
  };
  const canSave =
    !view &&
    (Object.values(entity.fields).some(writableNow) ||
      Object.entries(entity.lines).some(([collection, line]) =>
        Object.entries(line.fields).some(([name, field]) => lineWritable(collection, name, field)),
      ));
  const title = labels.entity(entity.name);
  const numberField = entity.numbering?.field ?? entity.display;
  // A name (a request set's, a program's) reads in the reader's language where it has an English one.
  const shown = saved ? textIn(labels.locale, entity.fields, saved, numberField) : undefined;
  const number = shown == null ? undefined : String(shown);
  const busy = saving ? 'save' : runner.busy;
  const approvalUi = useApprovalActions(entity, savedId, approval.data, busy !== null);

  const { setTitle, setDirty: reportDirty } = screen;
  useEffect(() => {
    const name = view ? labels.t('ui.edit.view', { title }) : title;
    setTitle(saved ? `${name} ${number ?? ''}`.trim() : labels.t('ui.edit.new', { title }));
  }, [setTitle, saved, title, number, labels, view]);
  useEffect(() => reportDirty(dirty), [reportDirty, dirty]);
  // Back on this tab: a document another person may have moved on (approved, confirmed) is read
  // again, unless it holds unsaved edits.
  const readAgain = () => {
    void queryClient.invalidateQueries({ queryKey: ['entity', entity.name, 'find', savedId] });
    void queryClient.invalidateQueries({ queryKey: ['bpm'] });
  };
  const loadedAt = () =>
    queryClient.getQueryState(['entity', entity.name, 'find', savedId])?.dataUpdatedAt ?? 0;
  useRefreshOnReturn(readAgain, loadedAt, dirty || savedId === null);
  // Shown while it happens: a message to this user about this document (approved, rejected,
  // confirmed by the supplier) reads it again at once, and so does a socket opened again after
  // a drop (what it missed), unless the page holds unsaved edits.
  useRealtimeEvent(['message'], (frame) => {
    if (dirty || savedId === null) return;
    if (frame.type === 'message' ? namesDocument(frame, entity.name, savedId) : isStale(loadedAt()))
      readAgain();
  });

  const markDirty = () => setDirty(true);

  // Computed fields follow the edit (liveCompute.ts): a changed line at once, the header's
  // totals over all lines once typing pauses.
  const live = useMemo(() => hasComputedFields(entity), [entity]);
  const headerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(headerTimer.current), []);
  const recomputeHeader = () => {
    clearTimeout(headerTimer.current);
    headerTimer.current = setTimeout(() => {
      const values = form.getFieldsValue(true) as Row;
      const lines: Record<string, Row[]> = {};
      for (const collection of Object.keys(entity.lines))
        lines[collection] = (values[collection] as Row[] | undefined) ?? [];
      setComputedHeader(computedChanges(entity, { ...(saved ?? {}), ...values }, { lines }));
    }, 150);
  };
  const followEdit = (changed: Row) => {
    markDirty();
    if (!live) return;
    const header = { ...(saved ?? {}), ...(form.getFieldsValue(true) as Row) };
    const touched = picksHeaderValue(entity, changed)
      ? Object.keys(entity.lines).map(
          (collection) =>
            [collection, ((header[collection] as Row[] | undefined) ?? []).map((_, index) => index)] as const,
        )
      : touchedLines(entity, changed);
    for (const [collection, indexes] of touched) {
      const line = entity.lines[collection]!;
      for (const index of indexes) {
        const row = form.getFieldValue([collection, index]) as Row | undefined;
        if (!row) continue;
        const changes = computedChanges(line, row, { lines: {}, header });
        if (Object.keys(changes).length) form.setFieldValue([collection, index], { ...row, ...changes });
      }
    }
    recomputeHeader();
  };
  const linesChanged = () => {
    markDirty();
    if (live) recomputeHeader();
  };

  // Line collections shown by LinesCard (a screen's own lines editor checks its lines itself).
  const cardCollections = Object.keys(entity.lines).filter(
    (collection) => !linesEditor?.collections.includes(collection),
  );

  /** Saves the form; answers the saved row, or null when nothing was saved (an issue, a refusal). */
  const save = async (): Promise<Row | null> => {
    if (busy) return null;
    let errorFields: { name: (string | number)[] }[] = [];
    try {
      await form.validateFields();
    } catch (error) {
      errorFields = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
    }
    // Every line is checked here, not only those whose inputs exist: a long document renders the
    // rows in view, and above 100 lines an input only for the cell clicked.
    const values = form.getFieldsValue(true) as Row;
    const byCollection: Record<string, LineIssue[]> = {};
    for (const collection of cardCollections) {
      const line = entity.lines[collection]!;
      const fields = lineColumns(entity, line, side).filter((name) => {
        const field = line.fields[name];
        return !!field && lineWritable(collection, name, field);
      });
      const found = checkLines(
        entity,
        collection,
        (values[collection] as Row[] | undefined) ?? [],
        fields,
        labels,
      );
      if (found.length) byCollection[collection] = found;
    }
    const headerErrors = errorFields.filter(
      (error) => typeof error.name[0] !== 'string' || !cardCollections.includes(error.name[0]),
    );
    const firstLine = Object.values(byCollection)[0]?.[0];
    if (errorFields.length || firstLine) {
      const count = Math.max(
        errorFields.length,
        headerErrors.length + Object.values(byCollection).reduce((total, list) => total + list.length, 0),
      );
      setLineIssues({ byCollection, focus: !headerErrors.length });
      if (firstLine && !headerErrors.length) {
        void message.error(labels.t('ui.edit.invalidLine', { count, issue: firstLine.text }));
      } else {
        // A header field first; or an input's own rule the line check does not know.
        const first = headerErrors[0] ?? errorFields[0]!;
        void message.error(labels.t('ui.edit.invalid', { count }));
        form.scrollToField(first.name, { block: 'center' });
      }
      return null;
    }
    setLineIssues({ byCollection: {}, focus: false });
    const body = saveBody(entity, values, saved, editable, lineWritable);
    setSaving(true);
    try {
      const answer = await request<Row>(api, `${entity.apiPath}/saveOrUpdate`, body);
      const id = answer.data[entity.key] as number;
      void message.success(labels.t('ui.edit.saved'));
      setDirty(false);
      reportDirty(false);
      queryClient.setQueryData(['entity', entity.name, 'find', id], {
        ...answer.data,
        history: (saved?.history as HistoryEntry[] | undefined) ?? [],
      });
      void invalidateAfterWrite(queryClient, entity);
      if (!saved) screen.replace({ [entity.key]: id });
      return answer.data;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      const errors = fieldErrors(entity, labels, error.issues);
      form.setFields(errors);
      const fromServer = serverLineIssues(entity, labels, error.issues, values);
      const headerError = errors.find(
        (error) => typeof error.name[0] !== 'string' || !(error.name[0] in fromServer),
      );
      setLineIssues({ byCollection: fromServer, focus: !headerError });
      if (headerError) form.scrollToField(headerError.name, { block: 'center' });
      void message.error(error.message);
      return null;
    } finally {
      setSaving(false);
    }
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <EditHeader
        entity={entity}
        title={saved ? title : labels.t('ui.edit.new', { title })}
        number={number}
        status={saved?.status as string | undefined}
        canSave={canSave}
        canEdit={view && !!saved && maySave && editableNow(entity, saved, side)}
        actions={saved ? availableActions(entity, [saved], side, may) : []}
        extra={
          saved ? (
            <>
              {buttons
                .filter((button) => may(button.resource))
                .map(({ key, component: Button }) => (
                  <Button key={key} entity={entity} row={saved} disabled={busy !== null} />
                ))}
              {hasApproval && approvalUi.buttons}
            </>
          ) : null
        }
        busy={busy}
        onSave={() => void save()}
        onEdit={() => screen.replace({ [entity.key]: saved?.[entity.key] as number })}
        onAction={({ name, action }) => {
          void (async () => {
            let row = saved;
            let asked = action;
            if (dirty) {
              // What was entered (a supplier's promised dates) is saved by the same click, after
              // the user agreed to both; the action then asks nothing more.
              const agreed = await confirm({
                title: labels.t('ui.edit.saveThenAct', { action: labels.action(entity.name, name) }),
                okButtonProps: { danger: !!action.danger },
              });
              if (!agreed) return;
              const stored = await save();
              if (!stored) return;
              row = stored;
              if (!action.needs?.length) asked = { ...action, confirm: false, danger: false };
            }
            // An action starting an approval shows first who will approve, node by node.
            if (action.approval && !(await approvalUi.confirmSubmit(name))) return;
            await runner.run(name, asked, {
              id: row?.[entity.key] as number,
              versionNum: row?.versionNum as number,
              ...(row ? { row } : {}),
            });
          })();
        }}
      />
      {reason && !view && maySave && !canSave && (
        <Alert
          type="warning"
          showIcon
          title={labels.t(reason.key, {
            status: labels.code(entity.workflow?.statusLookup ?? 'DOC_STATUS', reason.status ?? ''),
          })}
        />
      )}
      <Form
        form={form}
        name={formName}
        layout="horizontal"
        labelCol={{ flex: labels.locale === 'en' ? '168px' : '110px' }}
        labelWrap
        wrapperCol={{ flex: '1 1 0%', style: { minWidth: 0 } }}
        colon={labels.locale !== 'en'}
        initialValues={initialValues}
        onValuesChange={followEdit}
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        <HeaderForm entity={entity} saved={saved} current={current} editable={editable} onPicked={bring} />
        {linesEditor && (
          <linesEditor.component
            entity={entity}
            form={form}
            saved={saved}
            editable={linesEditable}
            onChanged={markDirty}
            issues={lineIssues.byCollection}
            focusIssues={lineIssues.focus}
          />
        )}
        {Object.entries(entity.lines)
          .filter(([collection]) => !linesEditor?.collections.includes(collection))
          .map(([collection, line]) => (
            <LinesCard
              key={collection}
              header={entity}
              collection={collection}
              line={line}
              form={form}
              editable={linesEditable && !line.rowsByPlatform && rowsEditable(entity, line, saved, side)}
              fieldEditable={(name, field) => lineWritable(collection, name, field)}
              onChanged={linesChanged}
              issues={lineIssues.byCollection[collection]}
              focusIssues={lineIssues.focus}
            />
          ))}
      </Form>
      {saved && hasApproval && <ApprovalCard approval={approval.data} />}
      {saved && <AuditLog entity={entity} history={(saved.history as HistoryEntry[] | undefined) ?? []} />}
      {runner.modal}
      {approvalUi.modal}
    </div>
  );
}
