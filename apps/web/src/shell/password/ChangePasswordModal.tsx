// 修改密码: old, new and confirmation, the new one checked for complexity with the kernel's
// message before it is sent (encrypted). Forced after a sign-in that says mustChangePassword: the
// modal cannot be closed, only left by signing out. The user stays signed in afterwards.
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { confirmPasswordRules, passwordRules, useFormName, useLabels } from '@srm/platform-ui';
import { ApiError } from '../../api';
import { changePassword } from '../../auth/authApi';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ChangePasswordModalProps {
  open: boolean;
  /** The first sign-in with a password someone else set: cannot be dismissed. */
  forced?: boolean;
  onClose(): void;
  onSignOut(): void;
}

export function ChangePasswordModal({ open, forced = false, onClose, onSignOut }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const labels = useLabels();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const formName = useFormName('changePassword');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await changePassword(values.oldPassword, values.newPassword);
      void message.success(t('password.changed'));
      form.resetFields();
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      zIndex={MODAL_Z_INDEX}
      title={t(forced ? 'password.forcedTitle' : 'password.title')}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        forced ? (
          <Button key="signOut" onClick={onSignOut}>
            {t('user.signOut')}
          </Button>
        ) : (
          <Button key="cancel" onClick={onClose}>
            {t('shell.cancel')}
          </Button>
        ),
        <Button key="ok" type="primary" loading={saving} onClick={() => void submit()}>
          {t('password.submit')}
        </Button>,
      ]}
    >
      {forced && (
        <Alert type="warning" showIcon title={t('password.forcedHint')} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} name={formName} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          rules={[{ required: true, message: labels.t('validation.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
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
        {error && <Alert type="error" showIcon title={error} />}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
