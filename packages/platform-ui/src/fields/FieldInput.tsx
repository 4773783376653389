// The form input of a field kind. Every input takes and gives the API's value, so forms hold
// API values and the kernel's checks apply to them unchanged.
import { Suspense } from 'react';
import { Input, Spin, Switch } from 'antd';
import { type EntityDef, type FieldDef, type NumberField, isNumeric, refDisplayName } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { AttachmentField } from '../attachments/AttachmentField';
import type { UploadContext } from '../attachments/fileApi';
import { DateInput, DateRangeInput } from './DateInput';
import { FieldDisplay } from './FieldDisplay';
import { fieldEditor } from './fieldEditors';
import { LookupSelect } from './LookupSelect';
import { NumberInput } from './NumberInput';
import { RefSelect } from './RefSelect';
import { RichTextInput } from './RichTextInput';

export interface FieldInputProps {
  name: string;
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** The row being edited (reference filters and display values). */
  row?: Readonly<Record<string, unknown>>;
  /** Definitions the screen holds (references to itself or its lines resolve without a load). */
  known?: readonly EntityDef[];
  disabled?: boolean;
  id?: string;
  /** Where uploaded attachments belong (the record being edited). */
  uploadContext?: UploadContext;
  /** A reference's picked target row (its `brings`). */
  onPicked?: (row: Readonly<Record<string, unknown>> | null) => void;
}

function FieldNumberInput({
  field,
  value,
  onChange,
  disabled,
  id,
}: FieldInputProps & { field: NumberField }) {
  const labels = useLabels();
  return (
    <NumberInput
      id={id}
      disabled={disabled}
      placeholder={labels.t('ui.placeholder.input')}
      thousands={field.thousands ?? false}
      step={field.step ?? (field.precision > 0 ? 10 ** -field.precision : 1)}
      // No `precision`: a value with more decimals is refused by the check, never rounded.
      value={typeof value === 'number' ? value : value == null || value === '' ? null : Number(value)}
      onChange={(next) => onChange?.(next)}
    />
  );
}

/** The input an area registered under the field's `editor` name. */
function RegisteredEditor({
  name,
  value,
  onChange,
  row,
  disabled,
  id,
  editor,
}: FieldInputProps & { editor: string }) {
  const Editor = fieldEditor(editor)!;
  return (
    <Suspense fallback={<Spin size="small" />}>
      <Editor
        name={name}
        value={value}
        {...(onChange ? { onChange } : {})}
        {...(row ? { row } : {})}
        {...(disabled !== undefined ? { disabled } : {})}
        {...(id !== undefined ? { id } : {})}
      />
    </Suspense>
  );
}

export function FieldInput(props: FieldInputProps) {
  const { name, field, value, onChange, row, known, disabled, id, uploadContext, onPicked } = props;
  const labels = useLabels();
  const placeholder = labels.t('ui.placeholder.input');
  if (isNumeric(field)) return <FieldNumberInput {...props} field={field} />;
  switch (field.kind) {
    case 'text':
      if (field.editor && fieldEditor(field.editor))
        return <RegisteredEditor {...props} editor={field.editor} />;
      return (
        <Input
          id={id}
          disabled={disabled}
          placeholder={placeholder}
          maxLength={field.max}
          value={(value as string | null) ?? ''}
          onChange={(event) => onChange?.(event.target.value)}
        />
      );
    case 'textarea':
      if (field.rich) {
        return (
          <RichTextInput
            id={id}
            disabled={disabled}
            maxLength={field.max}
            value={(value as string | null) ?? ''}
            onChange={(next) => onChange?.(next)}
          />
        );
      }
      return (
        <Input.TextArea
          id={id}
          disabled={disabled}
          placeholder={placeholder}
          maxLength={field.max}
          autoSize={{ minRows: 2, maxRows: 6 }}
          value={(value as string | null) ?? ''}
          onChange={(event) => onChange?.(event.target.value)}
        />
      );
    case 'lookup':
      return <LookupSelect id={id} field={field} value={value} onChange={onChange} disabled={disabled} />;
    case 'ref': {
      const display = refDisplayName(name, field);
      return (
        <RefSelect
          id={id}
          field={field}
          value={value}
          onChange={onChange}
          row={row}
          known={known}
          displayValue={display && row ? row[display] : undefined}
          disabled={disabled}
          onPicked={onPicked}
        />
      );
    }
    case 'date':
    case 'month':
    case 'time':
    case 'year':
    case 'datetime':
      return (
        <DateInput
          id={id}
          kind={field.kind}
          value={value}
          onChange={onChange}
          disabled={disabled}
          placeholder={labels.t('ui.placeholder.select')}
        />
      );
    case 'daterange':
    case 'datetimerange':
      return (
        <DateRangeInput
          id={id}
          kind={field.kind === 'daterange' ? 'date' : 'datetime'}
          value={value}
          onChange={onChange}
          disabled={disabled}
          placeholder={[labels.t('ui.placeholder.from'), labels.t('ui.placeholder.to')]}
        />
      );
    case 'checkbox': {
      const [on, off] = field.values === 'YN' ? ['Y', 'N'] : [true, false];
      return (
        <Switch
          id={id}
          disabled={disabled}
          checkedChildren={labels.t('ui.yes')}
          unCheckedChildren={labels.t('ui.no')}
          checked={value === on}
          onChange={(checked) => onChange?.(checked ? on : off)}
        />
      );
    }
    case 'attachments':
      return (
        <AttachmentField
          id={id}
          value={(value as string | null) ?? null}
          onChange={onChange}
          disabled={disabled}
          limits={{ accept: field.accept, maxCount: field.maxCount }}
          context={uploadContext}
        />
      );
    case 'json':
      // Structured values have the editor their field names, when an area registered it.
      if (field.editor && fieldEditor(field.editor))
        return <RegisteredEditor {...props} editor={field.editor} />;
      return <FieldDisplay name={name} field={field} value={value} row={row} />;
    default:
      // Computed values are not typed in a form.
      return <FieldDisplay name={name} field={field} value={value} row={row} />;
  }
}
