// 个人中心 (userCenter): who the user is (profile, company, responsibilities), the way to edit the
// profile (userCenter/editUserCenter) and to change the password, the verification of the e-mail
// and mobile, and which messages come by e-mail and SMS.
import { useState } from 'react';
import { EditOutlined, KeyOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { user as userEntity } from '@srm/kernel';
import { FieldDisplay, useLabels, useScreen } from '@srm/platform-ui';
import { signOut } from '../../auth/authApi';
import { useCurrent } from '../../auth/useCurrent';
import { ChangePasswordModal } from '../../shell/password/ChangePasswordModal';
import { ContactVerification } from './ContactVerification';
import { MessagePreferences } from './MessagePreferences';

export const EDIT_USER_CENTER = 'userCenter/editUserCenter';
const SHOWN = [
  'userName',
  'userFullName',
  'userType',
  'supplierId',
  'email',
  'mobile',
  'languageCode',
] as const;

export default function UserCenter() {
  const { t } = useTranslation();
  const labels = useLabels();
  const screen = useScreen();
  const current = useCurrent().data;
  const [changing, setChanging] = useState(false);
  if (!current) return null;
  const row = current.user as unknown as Record<string, unknown>;
  const shown = SHOWN.filter((name) => name !== 'supplierId' || current.user.supplierId);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={16}>
        <Card
          size="small"
          title={t('userCenter.profile')}
          extra={
            <Space>
              <Button icon={<KeyOutlined />} onClick={() => setChanging(true)}>
                {t('user.changePassword')}
              </Button>
              <Button type="primary" icon={<EditOutlined />} onClick={() => screen.open(EDIT_USER_CENTER)}>
                {t('userCenter.edit')}
              </Button>
            </Space>
          }
        >
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={shown.map((name) => ({
              key: name,
              label: labels.field(userEntity.name, name),
              children:
                name === 'supplierId' ? (
                  current.user.supplierName
                ) : (
                  <FieldDisplay name={name} field={userEntity.fields[name]!} value={row[name]} row={row} />
                ),
            }))}
          />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title={t('userCenter.responsibilities')}>
          <Space orientation="vertical" size={8}>
            {current.responsibilities.map((r) => (
              <div key={r.responsibilityId}>
                <Typography.Text>{r.responsibilityName}</Typography.Text>
                {r.responsibilityId === current.responsibilityId && (
                  <Tag color="blue" style={{ marginLeft: 8 }}>
                    {t('userCenter.currentResponsibility')}
                  </Tag>
                )}
              </div>
            ))}
          </Space>
        </Card>
      </Col>
      <Col xs={24} xl={16}>
        <ContactVerification />
      </Col>
      <Col xs={24} xl={16}>
        <MessagePreferences />
      </Col>
      <ChangePasswordModal
        open={changing}
        onClose={() => setChanging(false)}
        onSignOut={() => void signOut()}
      />
    </Row>
  );
}
