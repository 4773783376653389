// The forgotten-password page (/forget): the user name and where the code goes (e-mail or SMS),
// 发送验证码 with a 60-second wait before the next, then the code and the new password (checked
// for complexity, sent encrypted). Success returns to the login page with the server's message.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRules, passwordRules, useFormName, useLabels } from '@srm/platform-ui';
import { ApiError, apiCall } from '../../api';
import { AUTH, encryptPassword } from '../../auth/authApi';
import { AuthLayout } from '../auth/AuthLayout';
import { PageLabels } from '../auth/PageLabels';
import { retryAfterOf, useCountdown } from '../auth/useCountdown';
import type { LoginNotice } from '../login/LoginPage';

interface Values {
  userName: string;
  channel: 'EMAIL' | 'SMS';
  code: string;
  newPassword: string;
  confirmPassword: string;
}

function Forget() {
  const { t } = useTranslation();
  const labels = useLabels();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const formName = useFormName('forget');
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (failure: unknown) =>
    setError(failure instanceof ApiError ? failure.message : String(failure));

  const sendCode = async () => {
    try {
      await form.validateFields(['userName', 'channel']);
    } catch {
      return;
    }
    const { userName, channel } = form.getFieldsValue(['userName', 'channel']) as Values;
    setSending(true);
    setError(null);
    try {
      const answer = await apiCall(
        `${AUTH}/forget/sendCode`,
        { userName: userName.trim(), channel },
        { anonymous: true },
      );
      setSent(answer.msg);
      countdown.start();
    } catch (failure) {
      fail(failure);
      const seconds = failure instanceof ApiError ? retryAfterOf(failure.data) : null;
      if (seconds) countdown.start(seconds);
    } finally {
      setSending(false);
    }
  };

  const reset = async (values: Values) => {
    setResetting(true);
    setError(null);
    try {
      const answer = await apiCall(
        `${AUTH}/forget/reset`,
        {
          userName: values.userName.trim(),
          code: values.code.trim(),
          newPassword: await encryptPassword(values.newPassword),
        },
        { anonymous: true },
      );
      const state: LoginNotice = { notice: answer.msg, noticeType: 'success' };
      navigate('/', { state });
    } catch (failure) {
      fail(failure);
    } finally {
      setResetting(false);
    }
  };

  return (
    <AuthLayout title={t('forget.title')} subtitle={t('forget.subtitle')} width={440}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
      {sent && !error && <Alert type="info" showIcon title={sent} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name={formName}
        layout="vertical"
        initialValues={{ channel: 'EMAIL' }}
        onFinish={(values) => void reset(values)}
      >
        <Form.Item
          name="userName"
          label={t('login.userName')}
          rules={[{ required: true, whitespace: true, message: t('login.userNameRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" maxLength={60} />
        </Form.Item>
        <Form.Item name="channel" label={t('forget.channel')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'EMAIL', label: t('forget.channel.EMAIL') },
              { value: 'SMS', label: t('forget.channel.SMS') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('forget.code')} required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: true, whitespace: true, message: labels.t('validation.required') }]}
            >
              <Input
                prefix={<SafetyOutlined />}
                maxLength={10}
                autoComplete="one-time-code"
                aria-label={t('forget.code')}
              />
            </Form.Item>
            <Button
              icon={<MailOutlined />}
              loading={sending}
              disabled={countdown.remaining > 0}
              onClick={() => void sendCode()}
              style={{ minWidth: 132 }}
            >
              {countdown.remaining > 0
                ? t('forget.resendIn', { seconds: countdown.remaining })
                : t('forget.sendCode')}
            </Button>
          </div>
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
        <Button type="primary" htmlType="submit" block size="large" loading={resetting}>
          {t('forget.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 20, textAlign: 'center' }}>
        <Link to="/">{t('forget.back')}</Link>
      </div>
    </AuthLayout>
  );
}

export default function ForgetPage() {
  return (
    <PageLabels>
      <Forget />
    </PageLabels>
  );
}
