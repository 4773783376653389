// userCenter/editUserCenter: the user's own profile (name, e-mail, mobile, language), saved
// through /auth/updateProfile and checked as the server checks it; the chosen language applies.
import { useState } from 'react';
import { SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { type LanguageCode, user as userEntity } from '@srm/kernel';
import { FieldInput, fieldRules, useFormName, useLabels, useScreen } from '@srm/platform-ui';
import { ApiError, apiCall } from '../../api';
import { AUTH } from '../../auth/authApi';
import { useCurrent, useReloadCurrent } from '../../auth/useCurrent';
import { useLanguage } from '../../shell/language';

const EDITABLE = ['userFullName', 'email', 'mobile', 'languageCode'] as const;

export default function EditUserCenter() {
  const { t } = useTranslation();
  const labels = useLabels();
  const screen = useScreen();
  const { message } = App.useApp();
  const { setLanguage } = useLanguage();
  const current = useCurrent().data;
  const reload = useReloadCurrent();
  const [form] = Form.useForm();
  const formName = useFormName('editUserCenter');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!current) return null;

  const save = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const body = Object.fromEntries(EDITABLE.map((name) => [name, values[name] ?? null]));
      await apiCall(`${AUTH}/updateProfile`, body);
      await reload();
      screen.setDirty(false);
      void message.success(labels.t('ui.edit.saved'));
      if (values.languageCode === 'CN' || values.languageCode === 'EN')
        setLanguage(values.languageCode as LanguageCode);
      screen.close();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      size="small"
      title={t('userCenter.editTitle')}
      extra={
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
          {labels.t('ui.edit.save')}
        </Button>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name={formName}
        layout="vertical"
        initialValues={current.user}
        onValuesChange={() => screen.setDirty(true)}
        style={{ maxWidth: 720 }}
      >
        <Row gutter={16}>
          {EDITABLE.map((name) => {
            const field = userEntity.fields[name]!;
            return (
              <Col key={name} xs={24} md={12}>
                <Form.Item
                  name={name}
                  label={labels.field(userEntity.name, name)}
                  rules={fieldRules(field, labels)}
                >
                  <FieldInput name={name} field={field} />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      </Form>
    </Card>
  );
}
