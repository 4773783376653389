// 单据字段 of a message config's recipient or condition: a choice among the fields of the config's
// source's document, labelled in the reader's language ("创建人 createdBy"), searched as typed;
// a recipient line offers only the fields naming a user. Empty until a source is chosen; a
// source about no document offers none (the save says why).
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { type FieldEditorProps, request, useApi, useLabels } from '@srm/platform-ui';
import { messageConfig } from './config.entity';

interface DocumentField {
  readonly name: string;
  readonly label: string;
  readonly user: boolean;
}

function DocumentFieldSelect({
  value,
  onChange,
  disabled,
  id,
  users,
}: FieldEditorProps & { users: boolean }) {
  const api = useApi();
  const labels = useLabels();
  // The line sits in its config's form: the source chosen in the header decides the document.
  const form = Form.useFormInstance();
  const watched: unknown = Form.useWatch('sourceId', { form, preserve: true });
  const sourceId = typeof watched === 'number' ? watched : null;
  const fields = useQuery({
    queryKey: ['messageDocumentFields', sourceId, labels.locale],
    enabled: sourceId !== null,
    queryFn: async () =>
      (
        await request<{ fields: DocumentField[] }>(api, `${messageConfig.apiPath}/documentFields`, {
          sourceId,
        })
      ).data.fields,
  });
  const options = (fields.data ?? [])
    .filter((field) => !users || field.user)
    .map((field) => ({ value: field.name, label: `${field.label} ${field.name}` }));
  return (
    <Select
      id={id}
      disabled={disabled}
      showSearch
      allowClear
      loading={fields.isFetching}
      placeholder={labels.t('ui.placeholder.select')}
      optionFilterProp="label"
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? null)}
      options={options}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}

export function UserFieldSelect(props: FieldEditorProps) {
  return <DocumentFieldSelect {...props} users />;
}

export function AnyFieldSelect(props: FieldEditorProps) {
  return <DocumentFieldSelect {...props} users={false} />;
}
