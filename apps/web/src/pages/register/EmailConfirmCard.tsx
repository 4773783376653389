// Step 1 of /registerInfoEdit: the 6-digit code sent to the contact's e-mail confirms it
// (重新发送 waits 60 s between codes).
import { useState } from 'react';
import { CheckCircleFilled, MailOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api';
import { useCountdown } from '../auth/useCountdown';
import { type Registration, type RegistrationToken, confirmEmail, resendCode } from './registration';

export interface EmailConfirmCardProps {
  token: RegistrationToken;
  registration: Registration;
  onChanged(registration: Registration): void;
}

export function EmailConfirmCard({ token, registration, onChanged }: EmailConfirmCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const countdown = useCountdown();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirmed = registration.emailConfirmed === 'Y';

  const run = async (kind: 'confirm' | 'resend') => {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'confirm') {
        onChanged(await confirmEmail(token, code.trim()));
        void message.success(t('registerInfo.emailConfirmed'));
      } else {
        await resendCode(token);
        countdown.start();
        void message.success(t('registerInfo.codeResent', { email: registration.contactEmail }));
      }
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card size="small" title={t('registerInfo.step.email')}>
      {confirmed ? (
        <Space>
          <CheckCircleFilled style={{ color: '#52c41a' }} />
          <Typography.Text>
            {t('registerInfo.emailIsConfirmed', { email: registration.contactEmail })}
          </Typography.Text>
        </Space>
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text>
            {t('registerInfo.codeSentTo', { email: registration.contactEmail })}
          </Typography.Text>
          <Space wrap>
            <Input
              prefix={<MailOutlined />}
              placeholder={t('registerInfo.codePlaceholder')}
              aria-label={t('registerInfo.codePlaceholder')}
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              onPressEnter={() => code.length === 6 && void run('confirm')}
              style={{ width: 220 }}
              status={error ? 'error' : undefined}
            />
            <Button
              type="primary"
              disabled={code.length !== 6}
              loading={busy === 'confirm'}
              onClick={() => void run('confirm')}
            >
              {t('registerInfo.confirmEmail')}
            </Button>
            <Button
              disabled={countdown.remaining > 0}
              loading={busy === 'resend'}
              onClick={() => void run('resend')}
            >
              {countdown.remaining > 0
                ? t('forget.resendIn', { seconds: countdown.remaining })
                : t('registerInfo.resend')}
            </Button>
          </Space>
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
          <Typography.Text type="secondary">{t('registerInfo.codeHint')}</Typography.Text>
        </Space>
      )}
    </Card>
  );
}
