// Asks for the inputs an action needs (a comment, a date) before it runs.
import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { type ActionInput, MODAL_Z_INDEX } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { DateInput } from '../fields/DateInput';

export interface ActionInputRequest {
  title: string;
  needs: readonly ActionInput[];
  danger?: boolean;
  resolve(values: { comment?: string; date?: string } | null): void;
}

export function ActionInputModal({ request }: { request: ActionInputRequest | null }) {
  const labels = useLabels();
  const [form] = Form.useForm();
  useEffect(() => {
    if (request) form.resetFields();
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
        const values = (await form.validateFields()) as { comment?: string; date?: string };
        request?.resolve(values);
      }}
    >
      <Form form={form} layout="vertical">
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
