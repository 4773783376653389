// Asks for the inputs an action needs before it runs: a comment, a date, and the fields it declares
// (the buyer's answer to a question, an auction's new end, a choice such as 接受全部修订) — each
// with its field's label, kind and limits; the server checks them again. A choice is a checkbox
// labelled beside its box, sent as Y or N.
import { useEffect } from 'react';
import { Checkbox, Form, Input, InputNumber, Modal } from 'antd';
import { type ActionInput, type InputField, type InputSpec, MODAL_Z_INDEX } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { DateInput } from '../fields/DateInput';
import { askableInputs } from './workflow';

export type ActionInputValues = Record<string, unknown> & { comment?: string; date?: string };

export interface ActionInputRequest {
  title: string;
  /** The entity whose field labels name the declared inputs. */
  entityName: string;
  needs: readonly ActionInput[];
  input?: InputSpec;
  /** What the inputs start with (those declaring `startsFrom`, from the row acted on). */
  initial?: Readonly<Record<string, unknown>>;
  danger?: boolean;
  resolve(values: ActionInputValues | null): void;
}

/** The control of one declared input: an element Form.Item gives its `value` and `onChange`. */
const NUMBER_KINDS = new Set(['number', 'quantity', 'price', 'amount']);

function controlOf(field: InputField) {
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={field.max} showCount />;
    case 'text':
      return <Input maxLength={field.max} />;
    case 'date':
    case 'datetime':
      return <DateInput kind={field.kind} />;
    case 'number':
    case 'quantity':
    case 'price':
    case 'amount':
      return (
        <InputNumber style={{ width: '100%' }} precision={field.precision} min={field.min} max={field.max} />
      );
    default:
      return null;
  }
}

export function ActionInputModal({ request }: { request: ActionInputRequest | null }) {
  const labels = useLabels();
  const [form] = Form.useForm();
  useEffect(() => {
    if (!request) return;
    form.resetFields();
    if (request.initial) form.setFieldsValue(request.initial);
  }, [request, form]);
  const required = [{ required: true, whitespace: true, message: labels.t('workflow.needsComment') }];
  return (
    <Modal
      open={!!request}
      zIndex={MODAL_Z_INDEX}
      title={request?.title}
      okText={labels.t('ui.ok')}
      cancelText={labels.t('ui.cancel')}
      okButtonProps={{ danger: request?.danger }}
      destroyOnHidden
      onCancel={() => request?.resolve(null)}
      onOk={async () => {
        const values = (await form.validateFields()) as ActionInputValues;
        request?.resolve(values);
      }}
    >
      <Form form={form} layout="vertical">
        {request &&
          askableInputs(request.input).map(([name, field]) => {
            const label = labels.field(request.entityName, name);
            if (field.kind === 'checkbox')
              return (
                <Form.Item
                  key={name}
                  name={name}
                  getValueProps={(value: unknown) => ({ checked: value === 'Y' })}
                  getValueFromEvent={(event: { target: { checked: boolean } }) =>
                    event.target.checked ? 'Y' : 'N'
                  }
                >
                  <Checkbox>{label}</Checkbox>
                </Form.Item>
              );
            return (
              <Form.Item
                key={name}
                name={name}
                label={label}
                rules={
                  'required' in field && field.required
                    ? [
                        {
                          required: true,
                          // The validator takes a value without a type for a string: a number (0
                          // paid, 12 months) then failed as "required". Blanks only count as missing
                          // in text (as the server says).
                          type: NUMBER_KINDS.has(field.kind) ? 'number' : undefined,
                          whitespace: field.kind === 'text' || field.kind === 'textarea',
                          message: labels.t('validation.required'),
                        },
                      ]
                    : []
                }
              >
                {controlOf(field)}
              </Form.Item>
            );
          })}
        {request?.needs.includes('comment') && (
          <Form.Item name="comment" label={labels.t('ui.action.comment')} rules={required}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount />
          </Form.Item>
        )}
        {request?.needs.includes('date') && (
          <Form.Item
            name="date"
            label={labels.t('ui.action.date')}
            rules={[{ required: true, message: labels.t('workflow.needsDate') }]}
          >
            <DateInput kind="date" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
