// Supplier self-registration (/register): the company, its unified social credit code, the
// contact and the login name it asks for, with the captcha. Every field is checked as the server
// checks it (the registration's definition: the kernel's validators and their messages). The
// registration's token is kept so the company continues at /registerInfoEdit.
// Opened from an invitation's link (/register?invite=…&token=…), the page fills in what the buyer
// knows, shows the buyer's message and pre-qualification questions, and needs no captcha: the
// link came to the company's mailbox. A link that is no longer valid says so, and offers the
// ordinary registration.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, App, Button, Col, Divider, Form, Input, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { supplierRegister } from '@srm/domain/supplier';
import { fieldRules, useFormName, useLabels } from '@srm/platform-ui';
import { ApiError } from '../../api';
import { AuthLayout } from '../auth/AuthLayout';
import { PageLabels } from '../auth/PageLabels';
import { CaptchaInput } from '../auth/CaptchaInput';
import { useCaptcha } from '../auth/useCaptcha';
import {
  type Invitation,
  inviteInAddress,
  openInvite,
  saveRegistration,
  savedRegistration,
  startRegistration,
} from './registration';

const ENTITY = supplierRegister.name;
const SECTIONS = [
  { key: 'company', fields: ['companyName', 'creditCode'] },
  { key: 'contact', fields: ['contactName', 'contactMobile', 'contactEmail', 'contactPhone', 'userName'] },
] as const;

function RegisterForm() {
  const { t } = useTranslation();
  const labels = useLabels();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const formName = useFormName('register');
  const { captcha, loading: loadingCaptcha, refresh } = useCaptcha();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = savedRegistration();
  const { search } = useLocation();
  const [link] = useState(() => inviteInAddress(search));
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);

  useEffect(() => {
    if (!link) return;
    openInvite(link)
      .then((opened) => {
        setInvitation(opened);
        form.setFieldsValue({
          companyName: opened.companyName,
          creditCode: opened.creditCode ?? undefined,
          contactName: opened.contactName,
          contactEmail: opened.contactEmail,
          contactMobile: opened.contactMobile ?? undefined,
        });
      })
      .catch((failure: unknown) =>
        setLinkError(failure instanceof ApiError ? failure.message : String(failure)),
      );
  }, [link, form]);
  const invited = link !== null && invitation !== null;

  const refreshCaptcha = () => {
    form.setFieldValue('captchaCode', '');
    refresh();
  };

  const submit = async (values: Record<string, string>) => {
    if (!invited && !captcha) return;
    setSubmitting(true);
    setError(null);
    try {
      const body: Record<string, unknown> =
        invited && link
          ? {
              ...link,
              answers: invitation.questions.map((question) => ({
                inviteQuestionId: question.inviteQuestionId,
                answer: values[`answer${question.inviteQuestionId}`]?.trim() || null,
              })),
            }
          : { captchaId: captcha?.captchaId, captchaCode: values.captchaCode };
      for (const section of SECTIONS)
        for (const name of section.fields) {
          const value = values[name]?.trim();
          if (value) body[name] = value;
        }
      const started = await startRegistration(body);
      saveRegistration({ registerId: started.registerId, registerToken: started.registerToken });
      void message.success(
        t(invited ? 'register.startedInvited' : 'register.started', { number: started.registerNumber }),
      );
      navigate('/registerInfoEdit');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
      if (!invited) refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')} width={640}>
      {pending && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <span>
              {t('register.pending')} <Link to="/registerInfoEdit">{t('register.continue')}</Link>
            </span>
          }
        />
      )}
      {linkError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={linkError}
          description={t('register.linkFallback')}
          role="alert"
        />
      )}
      {invited && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('register.invited', { number: invitation.inviteNumber })}
          description={invitation.inviteMessage || undefined}
        />
      )}
      {link && !invitation && !linkError && <Spin style={{ display: 'block', marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form form={form} name={formName} layout="vertical" onFinish={(values) => void submit(values)}>
        {SECTIONS.map((section) => (
          <div key={section.key}>
            <Divider titlePlacement="start" style={{ margin: '0 0 16px', fontSize: 14 }}>
              {labels.section(ENTITY, section.key)}
            </Divider>
            <Row gutter={16}>
              {section.fields.map((name) => {
                const field = supplierRegister.fields[name]!;
                return (
                  <Col key={name} xs={24} sm={name === 'companyName' ? 14 : name === 'creditCode' ? 10 : 12}>
                    <Form.Item
                      name={name}
                      label={labels.field(ENTITY, name)}
                      rules={fieldRules(field, labels)}
                      extra={name === 'userName' ? t('register.userNameHint') : undefined}
                    >
                      <Input maxLength={'max' in field ? field.max : undefined} autoComplete="off" />
                    </Form.Item>
                  </Col>
                );
              })}
            </Row>
          </div>
        ))}
        {invited && invitation.questions.length > 0 && (
          <div>
            <Divider titlePlacement="start" style={{ margin: '0 0 16px', fontSize: 14 }}>
              {t('register.questions')}
            </Divider>
            {invitation.questions.map((question) => (
              <Form.Item
                key={question.inviteQuestionId}
                name={`answer${question.inviteQuestionId}`}
                label={question.question}
                rules={
                  question.requiredFlag === 'Y'
                    ? [{ required: true, whitespace: true, message: t('register.answerRequired') }]
                    : []
                }
              >
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={2000} />
              </Form.Item>
            ))}
          </div>
        )}
        {!invited && (
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="captchaCode"
                label={t('auth.captcha')}
                rules={[{ required: true, whitespace: true, message: t('auth.captchaRequired') }]}
              >
                <CaptchaInput captcha={captcha} loading={loadingCaptcha} onRefresh={refreshCaptcha} />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('register.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 20, textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>
        {t('register.haveAccount')} <Link to="/">{t('register.toLogin')}</Link>
      </div>
    </AuthLayout>
  );
}

export default function RegisterPage() {
  return (
    <PageLabels>
      <RegisterForm />
    </PageLabels>
  );
}
