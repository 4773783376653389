// 重置密码 on a user's edit page: the administrator sets a new password (sent RSA-encrypted, as
// the API wants), by default one the user must change at the next sign-in.
import { useState } from 'react';
import { KeyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Form, Input, Modal } from 'antd';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { ApiFailure, request, useApi } from '../context/api';
import { useFormName } from '../context/formName';
import { useLabels } from '../context/labels';
import type { EditButton, EditButtonProps } from '../edit/extensions';
import { confirmPasswordRules, passwordRules } from '../fields/passwordRules';

export const RESET_PASSWORD_PATH = '/api/base/v1/auth/resetPassword';

interface Values {
  newPassword: string;
  confirmPassword: string;
  mustChange: boolean;
}

function ResetPasswordButton({ row, disabled }: EditButtonProps) {
  const api = useApi();
  const labels = useLabels();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const formName = useFormName('resetPassword');
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const userName = String(row.userName ?? '');

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setError(null);
    try {
      await request(api, RESET_PASSWORD_PATH, {
        userId: row.userId,
        newPassword: await api.encrypt(values.newPassword),
        mustChange: values.mustChange,
      });
      void message.success(labels.t('ui.resetPassword.done', { userName }));
      setOpen(false);
      form.resetFields();
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button icon={<KeyOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {labels.t('ui.resetPassword.button')}
      </Button>
      <Modal
        open={open}
        zIndex={MODAL_Z_INDEX}
        title={labels.t('ui.resetPassword.title', { userName })}
        okText={labels.t('ui.ok')}
        cancelText={labels.t('ui.cancel')}
        confirmLoading={saving}
        destroyOnHidden
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => setOpen(false)}
      >
        <Form
          form={form}
          name={formName}
          layout="vertical"
          initialValues={{ mustChange: true }}
          style={{ marginTop: 16 }}
        >
          <Form.Item
            name="newPassword"
            label={labels.t('ui.password.new')}
            rules={passwordRules(labels)}
            extra={labels.t('ui.password.hint')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={labels.t('ui.password.confirm')}
            dependencies={['newPassword']}
            rules={confirmPasswordRules(labels, 'newPassword')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="mustChange" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>{labels.t('ui.resetPassword.mustChange')}</Checkbox>
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
        </Form>
      </Modal>
    </>
  );
}

/** The 重置密码 button of the user edit screen (resource `baseUser.resetPassword`). */
export const resetPasswordButton: EditButton = {
  key: 'resetPassword',
  resource: 'baseUser.resetPassword',
  component: ResetPasswordButton,
};
