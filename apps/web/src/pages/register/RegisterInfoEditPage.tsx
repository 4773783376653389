// /registerInfoEdit: the company's registration after /register — its status; step 1 confirms
// the e-mail with the code sent there; step 2 completes the company information; then 保存,
// 提交 or 撤回 as the status allows, and the review comment when it was rejected. Everything goes
// through the public endpoints with the registration's token.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Result, Space, Spin, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { supplierRegister } from '@srm/domain/supplier';
import { saveBody, statusColor, useLabels } from '@srm/platform-ui';
import { ApiError } from '../../api';
import { PortalLayout } from '../auth/PortalLayout';
import { PageLabels } from '../auth/PageLabels';
import { CompanyInfoCard, INFO_FIELDS, LINE_COLLECTIONS } from './CompanyInfoCard';
import { EmailConfirmCard } from './EmailConfirmCard';
import {
  type Registration,
  type RegistrationToken,
  findMine,
  forgetRegistration,
  saveMine,
  savedRegistration,
  submitMine,
  withdrawMine,
} from './registration';

type Busy = 'save' | 'submit' | 'withdraw' | null;

function stepOf(registration: Registration): number {
  if (registration.status === 'APPROVED') return 3;
  if (registration.status === 'SUBMITTED') return 2;
  return registration.emailConfirmed === 'Y' ? 1 : 0;
}

function Editor({ token, registration }: { token: RegistrationToken; registration: Registration }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState<Busy>(null);
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editable = registration.status === 'DRAFT' || registration.status === 'REJECTED';
  const update = (next: Registration) => queryClient.setQueryData(['registration', token.registerId], next);

  const changes = () => {
    const values = form.getFieldsValue(INFO_FIELDS as unknown as string[]) as Record<string, unknown>;
    const header = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value ?? null]));
    // The lines as the engine takes them: their key when stored, the fields a client writes.
    const lines = saveBody(
      supplierRegister,
      Object.fromEntries(
        LINE_COLLECTIONS.map((collection) => [collection, form.getFieldValue(collection) ?? []]),
      ),
      null,
      () => false,
    );
    return { ...header, ...lines };
  };

  const run = async (kind: Exclude<Busy, null>) => {
    setError(null);
    if (kind !== 'withdraw') {
      try {
        await form.validateFields();
      } catch {
        return;
      }
    }
    setBusy(kind);
    try {
      let next = registration;
      if (kind !== 'withdraw' && (dirty || kind === 'save')) {
        next = await saveMine(token, registration.versionNum, changes());
        setDirty(false);
      }
      if (kind === 'submit') next = await submitMine(token);
      if (kind === 'withdraw') next = await withdrawMine(token);
      update(next);
      void message.success(t(`registerInfo.done.${kind}`));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  };

  const status = registration.status;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {registration.companyName}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="register-number">
          {registration.registerNumber}
        </Typography.Text>
        <Tag color={statusColor(status)} data-testid="register-status">
          {labels.code('DOC_STATUS', status)}
        </Tag>
      </div>
      <Steps
        size="small"
        current={stepOf(registration)}
        status={status === 'REJECTED' ? 'error' : undefined}
        items={[
          { title: t('registerInfo.step.email') },
          { title: t('registerInfo.step.company') },
          { title: t('registerInfo.step.review') },
          { title: t('registerInfo.step.done') },
        ]}
      />
      {status === 'REJECTED' && (
        <Alert
          type="error"
          showIcon
          title={t('registerInfo.rejected')}
          description={registration.reviewComment || t('registerInfo.noComment')}
        />
      )}
      {status === 'SUBMITTED' && <Alert type="info" showIcon title={t('registerInfo.submitted')} />}
      {status === 'APPROVED' && (
        <Alert
          type="success"
          showIcon
          title={t('registerInfo.approved', { email: registration.contactEmail })}
          action={
            <Link to="/">
              <Button type="primary">{t('register.toLogin')}</Button>
            </Link>
          }
        />
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      <EmailConfirmCard token={token} registration={registration} onChanged={update} />
      <CompanyInfoCard
        key={registration.versionNum}
        token={token}
        registration={registration}
        form={form}
        editable={editable}
        onChanged={() => setDirty(true)}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        {editable && (
          <>
            <Button
              loading={busy === 'save'}
              disabled={!!busy && busy !== 'save'}
              onClick={() => void run('save')}
            >
              {t('registerInfo.save')}
            </Button>
            <Button
              type="primary"
              loading={busy === 'submit'}
              disabled={(!!busy && busy !== 'submit') || registration.emailConfirmed !== 'Y'}
              title={registration.emailConfirmed !== 'Y' ? t('registerInfo.confirmFirst') : undefined}
              onClick={() => void run('submit')}
            >
              {t('registerInfo.submit')}
            </Button>
          </>
        )}
        {status === 'SUBMITTED' && (
          <Button danger loading={busy === 'withdraw'} onClick={() => void run('withdraw')}>
            {t('registerInfo.withdraw')}
          </Button>
        )}
      </div>
    </Space>
  );
}

function RegisterInfoEdit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [token] = useState(savedRegistration);
  const registration = useQuery({
    queryKey: ['registration', token?.registerId ?? null],
    queryFn: () => findMine(token!),
    enabled: !!token,
  });

  const restart = () => {
    forgetRegistration();
    navigate('/register');
  };

  let content;
  if (!token) {
    content = (
      <Result
        status="info"
        title={t('registerInfo.none')}
        subTitle={t('registerInfo.noneHint')}
        extra={[
          <Button key="register" type="primary" onClick={() => navigate('/register')}>
            {t('login.register')}
          </Button>,
          <Button key="login" onClick={() => navigate('/')}>
            {t('register.toLogin')}
          </Button>,
        ]}
      />
    );
  } else if (registration.isLoading) {
    content = (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  } else if (!registration.data) {
    content = (
      <Result
        status="warning"
        title={(registration.error as Error | null)?.message ?? t('registerInfo.none')}
        extra={
          <Button type="primary" onClick={restart}>
            {t('registerInfo.restart')}
          </Button>
        }
      />
    );
  } else {
    content = <Editor token={token} registration={registration.data} />;
  }
  return (
    <PortalLayout title={t('registerInfo.title')} subtitle={t('registerInfo.subtitle')}>
      {content}
    </PortalLayout>
  );
}

export default function RegisterInfoEditPage() {
  return (
    <PageLabels>
      <RegisterInfoEdit />
    </PageLabels>
  );
}
