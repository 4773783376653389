// Step 2 of /registerInfoEdit: the company information a buyer reviews (legal person, registered
// capital, establish date, address, website, business scope, supplier type), the indirect-
// procurement profile (required in part of a non-production or service supplier), and the lines:
// contacts and bank accounts, credentials, sites and addresses, categories offered, brands and
// devices — checked as the server checks them; read-only once submitted. 查询工商信息 fills the
// legal data from the business register's record of the registration's credit code, and says when
// the register names the company otherwise or it no longer trades.
import { useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Divider,
  Form,
  type FormInstance,
  Row,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { INDIRECT_FIELDS, INDIRECT_REQUIRED, INDIRECT_TYPES, supplierRegister } from '@srm/domain/supplier';
import { FieldDisplay, FieldInput, LinesCard, fieldRules, useFormName, useLabels } from '@srm/platform-ui';
import { ApiError } from '../../api';
import { CategoriesOffered } from './CategoriesOffered';
import { type Registration, type RegistrationToken, lookupMine } from './registration';

const ENTITY = supplierRegister.name;
/** The fields given at /register, shown for reference. */
export const STARTED_FIELDS = [
  'companyName',
  'creditCode',
  'contactName',
  'contactMobile',
  'contactPhone',
  'contactEmail',
  'userName',
] as const;
/** The company's fields completed here. */
const COMPANY_FIELDS = [
  'supplierType',
  'legalPerson',
  'registeredCapital',
  'capitalCurrency',
  'establishDate',
  'website',
  'address',
  'businessScope',
] as const;
/** The fields completed here: the company's and the indirect-procurement profile. */
export const INFO_FIELDS = [...COMPANY_FIELDS, ...INDIRECT_FIELDS] as const;

/** The line collections completed here, in the groups the page shows them. */
const LINE_GROUPS = [
  { key: 'contacts', collections: ['contacts', 'accounts'] },
  { key: 'credentials', collections: ['credentials'] },
  { key: 'places', collections: ['sites', 'locations'] },
  { key: 'capabilities', collections: ['brands', 'devices'] },
] as const;
/** Every line collection completed here: the grids' and the categories offered. */
export const LINE_COLLECTIONS = [...LINE_GROUPS.flatMap((group) => group.collections), 'categories'] as const;

/** The fields the business register fills. */
const REGISTER_FILLS = [
  'legalPerson',
  'registeredCapital',
  'capitalCurrency',
  'establishDate',
  'address',
  'businessScope',
] as const;

interface Notice {
  type: 'success' | 'warning' | 'error';
  text: string;
}

export interface CompanyInfoCardProps {
  token: RegistrationToken;
  registration: Registration;
  form: FormInstance;
  editable: boolean;
  onChanged(): void;
}

export function CompanyInfoCard({ token, registration, form, editable, onChanged }: CompanyInfoCardProps) {
  const { t } = useTranslation();
  const labels = useLabels();
  const formName = useFormName('registerInfo');
  const [looking, setLooking] = useState(false);
  const [notices, setNotices] = useState<Notice[]>([]);
  const supplierType = Form.useWatch('supplierType', form) as string | undefined;
  const indirect = INDIRECT_TYPES.includes(supplierType ?? String(registration.supplierType ?? ''));
  // The server's own refusal, said before it refuses.
  const indirectRequired = labels.t('srmSupplierRegister.indirectRequired');

  const fieldItem = (name: (typeof INFO_FIELDS)[number]) => {
    const field = supplierRegister.fields[name]!;
    const wide = field.kind === 'textarea' || name === 'address';
    const rules = [
      ...fieldRules(field, labels),
      ...(indirect && INDIRECT_REQUIRED.some((required) => required === name)
        ? [{ required: true, whitespace: true, message: indirectRequired }]
        : []),
    ];
    return (
      <Col key={name} xs={24} md={wide ? 24 : 12} xl={wide ? 24 : 8}>
        <Form.Item name={name} label={labels.field(ENTITY, name)} rules={rules}>
          <FieldInput name={name} field={field} row={registration} />
        </Form.Item>
      </Col>
    );
  };

  const fillFromRegister = async () => {
    setLooking(true);
    try {
      const record = await lookupMine(token);
      const values = Object.fromEntries(
        REGISTER_FILLS.flatMap((name) => (record[name] === null ? [] : [[name, record[name]]])),
      );
      form.setFieldsValue(values);
      onChanged();
      const found: Notice[] = [
        { type: 'success', text: t('registerInfo.bizInfo.filled', { count: Object.keys(values).length }) },
      ];
      if (record.companyName !== registration.companyName)
        found.push({
          type: 'warning',
          text: t('registerInfo.bizInfo.nameDiffers', { name: record.companyName }),
        });
      if (!record.trading)
        found.push({
          type: 'error',
          text: t('registerInfo.bizInfo.notTrading', { status: record.registrationStatus }),
        });
      setNotices(found);
    } catch (failure) {
      setNotices([{ type: 'error', text: failure instanceof ApiError ? failure.message : String(failure) }]);
    } finally {
      setLooking(false);
    }
  };

  return (
    <Card
      size="small"
      title={t('registerInfo.step.company')}
      extra={
        editable && (
          <Button
            size="small"
            icon={<SearchOutlined />}
            loading={looking}
            onClick={() => void fillFromRegister()}
            data-testid="register-bizinfo"
          >
            {t('registerInfo.bizInfo.lookup')}
          </Button>
        )
      }
    >
      {notices.map((notice) => (
        <Alert
          key={notice.text}
          type={notice.type}
          showIcon
          title={notice.text}
          style={{ marginBottom: 8 }}
          data-testid="register-bizinfo-notice"
        />
      ))}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        style={{ marginBottom: 16 }}
        items={STARTED_FIELDS.map((name) => ({
          key: name,
          label: labels.field(ENTITY, name),
          children: (
            <FieldDisplay
              name={name}
              field={supplierRegister.fields[name]!}
              value={registration[name]}
              row={registration}
            />
          ),
        }))}
      />
      <Form
        form={form}
        name={formName}
        layout="vertical"
        initialValues={registration}
        disabled={!editable}
        onValuesChange={onChanged}
      >
        <Row gutter={16}>{COMPANY_FIELDS.map(fieldItem)}</Row>
        <Divider titlePlacement="start" plain>
          {labels.section(ENTITY, 'indirect')}
        </Divider>
        {indirect && (
          <Alert
            type="info"
            showIcon
            title={indirectRequired}
            style={{ marginBottom: 12 }}
            data-testid="register-indirect-hint"
          />
        )}
        <Row gutter={16}>{INDIRECT_FIELDS.map(fieldItem)}</Row>
        {LINE_GROUPS.map((group) => (
          <div key={group.key}>
            <Divider titlePlacement="start" plain>
              {t(`registerInfo.group.${group.key}`)}
            </Divider>
            {group.key === 'capabilities' && (
              <div style={{ marginBottom: 12 }} data-testid="register-categories">
                <Typography.Text strong>{labels.field(ENTITY, 'categories')}</Typography.Text>
                <Form.Item name="categories" style={{ marginTop: 4, marginBottom: 0 }}>
                  <CategoriesOffered token={token} />
                </Form.Item>
              </div>
            )}
            {group.collections.map((collection) => (
              <div key={collection} style={{ marginBottom: 12 }} data-testid={`register-${collection}`}>
                <LinesCard
                  header={supplierRegister}
                  collection={collection}
                  line={supplierRegister.lines[collection]!}
                  form={form}
                  editable={editable}
                  onChanged={onChanged}
                />
              </div>
            ))}
          </div>
        ))}
      </Form>
    </Card>
  );
}
