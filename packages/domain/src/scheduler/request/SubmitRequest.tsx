// 提交请求: the dialog of the request list's button. The user picks an enabled program; its
// parameters become a form (an input by parameter kind, required ones marked, defaults the
// browser can tell filled in, the others named as what an empty value becomes), and a requested
// start may be set (empty: as soon as possible). OK calls doSubmit, refreshes the requests and
// opens the new request in its tab; the server's refusal (a bad value, a program not granted)
// stays on screen with the dialog open.
import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Divider, Form, Modal, Radio, Select, Space, Spin, Typography } from 'antd';
import { type EntityDef, type FoundRowOf, type ReadRowOf, MODAL_Z_INDEX, textIn } from '@srm/kernel';
import {
  ApiFailure,
  DateInput,
  fetchAll,
  invalidateAfterWrite,
  request,
  useApi,
  useFormName,
  useLabels,
  useScreen,
  useSession,
} from '@srm/platform-ui';
import { concurrentProgram } from '../program/program.entity';
import { ParamFields, inOrder, initialValue, wireValues } from '../program/ParamFields';
import { requestSet } from '../request-set/request-set.entity';

type Row = Readonly<Record<string, unknown>>;

/** The request's edit screen and its key, where a submitted request opens. */
export const REQUEST_DETAIL = { path: 'submitRequestDetail', key: 'requestId' } as const;

interface Values {
  kind?: 'PROGRAM' | 'SET';
  programId?: number;
  requestSetId?: number;
  parameters?: Record<string, unknown>;
  requestedStart?: number | null;
}

/** What Form.Item gives the input it wraps. */
interface InputProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** A choice shown by name with its code beside it, searched by name (programs, request sets). */
function CodedSelect({
  loading,
  options,
  ...input
}: InputProps & {
  loading: boolean;
  options: readonly { value: number; label: string; code: string }[];
}) {
  const labels = useLabels();
  return (
    <Select
      {...input}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={labels.t('ui.placeholder.select')}
      loading={loading}
      options={[...options]}
      optionRender={(option) => (
        <Space size={8}>
          <span>{option.label}</span>
          <Typography.Text type="secondary">{option.data.code}</Typography.Text>
        </Space>
      )}
    />
  );
}

export interface SubmitRequestProps {
  /** The request entity of the list. */
  readonly entity: EntityDef;
  onClose(): void;
}

export default function SubmitRequest({ entity, onClose }: SubmitRequestProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { timeZone } = useSession();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const formName = useFormName('submitRequest');
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 'PROGRAM';
  const programId = Form.useWatch('programId', form);
  const requestSetId = Form.useWatch('requestSetId', form);
  const field = (name: string) => labels.field(entity.name, name);

  // The enabled programs; the server refuses those outside the user's request groups.
  const programs = useQuery({
    queryKey: ['entity', concurrentProgram.name, 'submittable'],
    queryFn: () =>
      fetchAll<ReadRowOf<typeof concurrentProgram>>(api, `${concurrentProgram.apiPath}/listByPage`, {
        enabledFlag: 'Y',
        orderBy: 'programCode asc',
      }),
  });
  const program = useQuery({
    queryKey: ['entity', concurrentProgram.name, 'submitParams', programId ?? null],
    enabled: typeof programId === 'number',
    queryFn: async () =>
      (
        await request<FoundRowOf<typeof concurrentProgram>>(api, `${concurrentProgram.apiPath}/findById`, {
          programId,
        })
      ).data,
  });
  // The enabled request sets, and the stages of the one picked (said under the picker).
  const sets = useQuery({
    queryKey: ['entity', requestSet.name, 'submittable'],
    enabled: kind === 'SET',
    queryFn: () =>
      fetchAll<ReadRowOf<typeof requestSet>>(api, `${requestSet.apiPath}/listByPage`, {
        enabledFlag: 'Y',
        orderBy: 'setCode asc',
      }),
  });
  const chosenSet = useQuery({
    queryKey: ['entity', requestSet.name, 'submitStages', requestSetId ?? null],
    enabled: kind === 'SET' && typeof requestSetId === 'number',
    queryFn: async () =>
      (await request<FoundRowOf<typeof requestSet>>(api, `${requestSet.apiPath}/findById`, { requestSetId }))
        .data,
  });
  const params = useMemo(() => inOrder(program.data?.params ?? []), [program.data]);

  // A program picked: its parameters start from their defaults.
  useEffect(() => {
    if (!program.data) return;
    const values: Record<string, unknown> = {};
    for (const param of params) values[param.paramName] = initialValue(param, timeZone);
    form.setFieldValue('parameters', values);
  }, [form, program.data, params, timeZone]);

  const options = (programs.data ?? []).map((row) => ({
    value: row.programId,
    label: String(textIn(labels.locale, concurrentProgram.fields, row, 'programName') ?? row.programCode),
    code: String(row.programCode ?? ''),
  }));
  const description = program.data?.description;
  const setOptions = (sets.data ?? []).map((row) => ({
    value: row.requestSetId,
    label: String(textIn(labels.locale, requestSet.fields, row, 'setName') ?? row.setCode),
    code: String(row.setCode ?? ''),
  }));
  const stagesText = chosenSet.data
    ? labels.t('scheduler.submit.setStages', {
        stages: [...chosenSet.data.stages]
          .sort((a, b) => a.stageNum - b.stageNum)
          .map((stage) => `${stage.stageNum}. ${String(stage.programName ?? stage.programId)}`)
          .join(' → '),
      })
    : undefined;

  const submit = async () => {
    const values = await form.validateFields();
    const parameters = wireValues(params, values.parameters);
    setBusy(true);
    try {
      const answer = await request<Row>(api, `${entity.apiPath}/doSubmit`, {
        ...(kind === 'SET'
          ? { requestSetId: values.requestSetId }
          : { programId: values.programId, parameters }),
        ...(typeof values.requestedStart === 'number' ? { requestedStart: values.requestedStart } : {}),
      });
      void message.success(labels.t('scheduler.submit.done', { number: String(answer.data.requestNumber) }));
      await invalidateAfterWrite(queryClient, entity);
      onClose();
      const id = answer.data[REQUEST_DETAIL.key];
      if (typeof id === 'number') screen.open(REQUEST_DETAIL.path, { [REQUEST_DETAIL.key]: id });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      zIndex={MODAL_Z_INDEX}
      width={640}
      title={labels.action(entity.name, 'doSubmit')}
      okText={labels.t('ui.ok')}
      cancelText={labels.t('ui.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
    >
      <Form
        form={form}
        name={formName}
        layout="vertical"
        style={{ marginTop: 16 }}
        initialValues={{ kind: 'PROGRAM' }}
      >
        <Form.Item name="kind" label={labels.t('scheduler.submit.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'PROGRAM', label: labels.t('scheduler.submit.kindProgram') },
              { value: 'SET', label: labels.t('scheduler.submit.kindSet') },
            ]}
          />
        </Form.Item>
        {kind === 'SET' && (
          <Form.Item
            name="requestSetId"
            label={labels.t('scheduler.submit.set')}
            rules={[{ required: true, message: labels.t('validation.required') }]}
            {...(stagesText ? { extra: stagesText } : {})}
          >
            <CodedSelect loading={sets.isLoading} options={setOptions} />
          </Form.Item>
        )}
        {kind === 'PROGRAM' && (
          <Form.Item
            name="programId"
            label={field('programId')}
            rules={[{ required: true, message: labels.t('validation.required') }]}
            {...(description ? { extra: description } : {})}
          >
            <CodedSelect loading={programs.isLoading} options={options} />
          </Form.Item>
        )}
        {kind === 'PROGRAM' && typeof programId === 'number' && (
          <>
            <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
              {field('parameters')}
            </Divider>
            {program.isLoading && <Spin size="small" style={{ display: 'block', marginBottom: 16 }} />}
            {program.data && !params.length && (
              <Typography.Paragraph type="secondary">
                {labels.t('scheduler.submit.noParams')}
              </Typography.Paragraph>
            )}
            <ParamFields params={params} prefix={['parameters']} />
            <Divider style={{ margin: '8px 0 16px' }} />
          </>
        )}
        <Form.Item
          name="requestedStart"
          label={field('requestedStart')}
          extra={labels.t('scheduler.submit.startHint')}
          style={{ marginBottom: 0 }}
        >
          <DateInput kind="datetime" placeholder={labels.t('ui.placeholder.select')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
