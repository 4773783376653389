// 参数值 of a schedule or of a request set's stage: the values given read as "label: value; …",
// and 设置 opens the program's parameter form (the row's program: picked first). OK keeps only the
// values typed, so an empty one takes its default at each run ("today" stays the day of the run);
// the server checks them again at save (checkParams).
import { useState } from 'react';
import { EditOutlined } from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { type FoundRowOf, MODAL_Z_INDEX, textIn } from '@srm/kernel';
import {
  type FieldEditorProps,
  type Labels,
  request,
  useApi,
  useFormName,
  useLabels,
  useSession,
} from '@srm/platform-ui';
import { type Param, ParamFields, formValue, inOrder, paramLabel, wireValues } from './ParamFields';
import { concurrentProgram } from './program.entity';

type Values = Readonly<Record<string, unknown>>;

const valuesOf = (value: unknown): Values =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {};

/** The values given, as "label: value; …" in the parameters' order (references by their names). */
function summary(
  params: readonly Param[],
  values: Values,
  names: ReadonlyMap<string, string>,
  labels: Labels,
): string {
  return params
    .filter((param) => values[param.paramName] !== undefined && values[param.paramName] !== '')
    .map((param) => {
      const value = values[param.paramName];
      const shown =
        param.paramKind === 'YN'
          ? labels.t(value === 'Y' ? 'ui.yes' : 'ui.no')
          : param.paramKind === 'LOOKUP' && param.lookupType
            ? labels.code(param.lookupType, String(value))
            : (names.get(param.paramName) ?? String(value));
      return `${paramLabel(param, labels.locale)}: ${shown}`;
    })
    .join('; ');
}

/**
 * A request set's schedule: the stages' values it keeps while dates move on (set-values.ts), as
 * "name: value, …" per stage; none kept: empty (the placeholder says the stages' own are run).
 */
function setSummary(value: unknown, labels: Labels): string {
  const stages = valuesOf(valuesOf(value).stages);
  const parts = Object.values(stages)
    .map((entry) =>
      Object.entries(valuesOf(valuesOf(entry).values))
        .filter(([, given]) => given !== null && given !== '')
        .map(([name, given]) => `${name}: ${String(given)}`)
        .join(', '),
    )
    .filter(Boolean);
  return parts.length ? labels.t('scheduler.params.moving', { values: parts.join(' | ') }) : '';
}

/** The names of the rows the reference values point at, by parameter (looked up once each). */
function useRefNames(params: readonly Param[], values: Values): ReadonlyMap<string, string> {
  const api = useApi();
  const labels = useLabels();
  const session = useSession();
  const refs = params.filter(
    (param) => param.paramKind === 'REF' && param.refEntity && typeof values[param.paramName] === 'number',
  );
  const found = useQueries({
    queries: refs.map((param) => ({
      queryKey: ['entity', param.refEntity, 'refLabel', values[param.paramName], labels.locale],
      staleTime: 30_000,
      queryFn: async () => {
        const target = await session.resolveEntity(param.refEntity!);
        if (!target) return null;
        const answer = await request<Record<string, unknown>[]>(api, `${target.apiPath}/listByPage`, {
          pageIndex: 1,
          pageRows: 1,
          [target.key]: values[param.paramName],
        });
        const row = answer.data[0];
        return row ? String(textIn(labels.locale, target.fields, row, target.display) ?? '') : null;
      },
    })),
  });
  const names = new Map<string, string>();
  refs.forEach((param, index) => {
    const name = found[index]?.data;
    if (name) names.set(param.paramName, name);
  });
  return names;
}

export default function ParamValuesInput({ value, onChange, row, disabled, id }: FieldEditorProps) {
  const api = useApi();
  const labels = useLabels();
  const [form] = Form.useForm<Record<string, unknown>>();
  const formName = useFormName('paramValues');
  const [open, setOpen] = useState(false);
  const programId = typeof row?.programId === 'number' ? row.programId : null;
  const program = useQuery({
    queryKey: ['entity', concurrentProgram.name, 'submitParams', programId],
    enabled: programId !== null,
    queryFn: async () =>
      (
        await request<FoundRowOf<typeof concurrentProgram>>(api, `${concurrentProgram.apiPath}/findById`, {
          programId,
        })
      ).data,
  });
  const params = inOrder(program.data?.params ?? []);
  const values = valuesOf(value);
  const names = useRefNames(params, values);
  const ofSet = typeof row?.requestSetId === 'number';
  const text = ofSet
    ? setSummary(value, labels)
    : programId === null || !program.data
      ? ''
      : summary(params, values, names, labels);
  const placeholder = ofSet
    ? labels.t('scheduler.params.ofSet')
    : programId === null
      ? labels.t('scheduler.params.pickProgram')
      : program.data && !params.length
        ? labels.t('scheduler.params.none')
        : labels.t('scheduler.params.defaults');
  const usable = !disabled && programId !== null && !!program.data && params.length > 0;

  const start = () => {
    if (!usable) return;
    form.resetFields();
    const current: Record<string, unknown> = {};
    for (const param of params) current[param.paramName] = formValue(param, values[param.paramName]);
    form.setFieldsValue(current);
    setOpen(true);
  };
  const keep = async () => {
    const typed = await form.validateFields();
    const wire = wireValues(params, typed);
    onChange?.(Object.keys(wire).length ? wire : null);
    setOpen(false);
  };

  const programName = program.data
    ? String(textIn(labels.locale, concurrentProgram.fields, program.data, 'programName') ?? '')
    : '';
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          readOnly
          title={text}
          value={text}
          placeholder={placeholder}
          onClick={start}
          style={{ cursor: usable ? 'pointer' : 'default' }}
        />
        <Button icon={<EditOutlined />} disabled={!usable} onClick={start}>
          {labels.t('scheduler.params.set')}
        </Button>
      </Space.Compact>
      {open && (
        <Modal
          open
          zIndex={MODAL_Z_INDEX}
          width={560}
          title={labels.t('scheduler.params.title', { program: programName })}
          okText={labels.t('ui.ok')}
          cancelText={labels.t('ui.cancel')}
          destroyOnHidden
          onOk={() => void keep().catch(() => undefined)}
          onCancel={() => setOpen(false)}
        >
          <Typography.Paragraph type="secondary">
            {labels.t('scheduler.params.emptyHint')}
          </Typography.Paragraph>
          <Form form={form} name={formName} layout="vertical">
            <ParamFields params={params} prefix={[]} />
          </Form>
        </Modal>
      )}
    </>
  );
}
