// The login page (/ and /login): user name and password (encrypted with the server's public key
// before it leaves the page), a captcha when the server asks for one, the server's messages
// (wrong credentials, locked, captcha), and the way to the workspace, the forgotten-password page
// and supplier registration. Under the card, the help and news placed on the login page (their
// code loads after the form's).
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormName } from '@srm/platform-ui/core';
import { ApiError } from '../../api';
import { captchaRequired, signIn } from '../../auth/authApi';
import { workspaceLink } from '../../auth/RouteGuard';
import { useStoredSession } from '../../auth/session';
import { useLanguage } from '../../shell/language';
import { AuthLayout } from '../auth/AuthLayout';
import { CaptchaInput } from '../auth/CaptchaInput';
import { useCaptcha } from '../auth/useCaptcha';

const LoginArticles = lazy(() => import('./LoginArticles'));

interface Values {
  userName: string;
  password: string;
  captchaCode?: string;
}

/** A message the page arrives with: the session ended (warning) or a password was reset (success). */
export interface LoginNotice {
  notice?: string;
  noticeType?: 'success' | 'warning';
  /** Where the user was going when the guard sent them here. */
  from?: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useStoredSession();
  const [form] = Form.useForm<Values>();
  const formName = useFormName('login');
  const [signingIn, setSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const { captcha, loading: loadingCaptcha, refresh } = useCaptcha(needsCaptcha);
  const arrived = (location.state ?? {}) as LoginNotice;
  const { language } = useLanguage();
  // The server answered in the language of the time: a new language starts afresh.
  useEffect(() => setError(null), [language]);

  const refreshCaptcha = () => {
    form.setFieldValue('captchaCode', '');
    refresh();
  };

  /** Shows the captcha, or a new image when it shows already (each image is good for one try). */
  const askCaptcha = () => {
    if (needsCaptcha) refreshCaptcha();
    else setNeedsCaptcha(true);
  };

  const checkCaptcha = async () => {
    if (needsCaptcha) return;
    const userName = form.getFieldValue('userName') as string | undefined;
    try {
      if (userName && (await captchaRequired(userName))) askCaptcha();
    } catch {
      // The sign-in answer says it again when needed.
    }
  };

  const submit = async (values: Values) => {
    if (signingIn) return;
    setSigningIn(true);
    setError(null);
    // The workspace's code downloads while the server checks the password, not after.
    void import('../../shell/workspace/Workspace').catch(() => undefined);
    try {
      const withCaptcha =
        needsCaptcha && captcha
          ? { captchaId: captcha.captchaId, captchaCode: values.captchaCode ?? '' }
          : undefined;
      const { message: welcome } = await signIn(values.userName, values.password, withCaptcha);
      if (welcome) void message.success(welcome);
      navigate(workspaceLink(arrived.from) ?? '/main', { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
      const data =
        failure instanceof ApiError ? (failure.data as { captchaRequired?: boolean } | null) : null;
      if (data?.captchaRequired || needsCaptcha) askCaptcha();
      form.setFieldValue('password', '');
    } finally {
      setSigningIn(false);
    }
  };

  if (session && !signingIn) return <Navigate to={workspaceLink(arrived.from) ?? '/main'} replace />;
  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      below={
        <Suspense fallback={null}>
          <LoginArticles />
        </Suspense>
      }
    >
      {arrived.notice && !error && (
        <Alert
          type={arrived.noticeType ?? 'warning'}
          showIcon
          title={arrived.notice}
          style={{ marginBottom: 16 }}
        />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form
        form={form}
        name={formName}
        size="large"
        onFinish={(values) => void submit(values)}
        requiredMark={false}
      >
        <Form.Item
          name="userName"
          rules={[{ required: true, whitespace: true, message: t('login.userNameRequired') }]}
        >
          <Input
            prefix={<UserOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}
            placeholder={t('login.userName')}
            aria-label={t('login.userName')}
            autoComplete="username"
            maxLength={60}
            onBlur={() => void checkCaptcha()}
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password
            prefix={<LockOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}
            placeholder={t('login.password')}
            aria-label={t('login.password')}
            autoComplete="current-password"
          />
        </Form.Item>
        {needsCaptcha && (
          <Form.Item
            name="captchaCode"
            rules={[{ required: true, whitespace: true, message: t('auth.captchaRequired') }]}
          >
            <CaptchaInput
              captcha={captcha}
              loading={loadingCaptcha}
              onRefresh={refreshCaptcha}
              size="large"
            />
          </Form.Item>
        )}
        <div style={{ display: 'flex', justifyContent: 'flex-end', margin: '-8px 0 16px' }}>
          <Link to="/forget">{t('login.forget')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={signingIn}>
          {t('login.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 24, textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>
        {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
      </div>
    </AuthLayout>
  );
}
