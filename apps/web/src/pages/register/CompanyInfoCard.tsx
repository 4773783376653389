// Step 2 of /registerInfoEdit: the company information a buyer reviews (legal person, registered
// capital, establish date, address, website, business scope, supplier type), checked as the
// server checks it; read-only once submitted.
import { Card, Col, Descriptions, Form, type FormInstance, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { supplierRegister } from '@srm/domain/supplier';
import { FieldDisplay, FieldInput, LinesCard, fieldRules, useFormName, useLabels } from '@srm/platform-ui';
import type { Registration } from './registration';

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
/** The fields completed here. */
export const INFO_FIELDS = [
  'supplierType',
  'legalPerson',
  'registeredCapital',
  'capitalCurrency',
  'establishDate',
  'website',
  'address',
  'businessScope',
] as const;
/** The line collections completed here (contacts and bank accounts). */
export const LINE_COLLECTIONS = ['contacts', 'accounts'] as const;

export interface CompanyInfoCardProps {
  registration: Registration;
  form: FormInstance;
  editable: boolean;
  onChanged(): void;
}

export function CompanyInfoCard({ registration, form, editable, onChanged }: CompanyInfoCardProps) {
  const { t } = useTranslation();
  const labels = useLabels();
  const formName = useFormName('registerInfo');
  return (
    <Card size="small" title={t('registerInfo.step.company')}>
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
        <Row gutter={16}>
          {INFO_FIELDS.map((name) => {
            const field = supplierRegister.fields[name]!;
            const wide = field.kind === 'textarea' || name === 'address';
            return (
              <Col key={name} xs={24} md={wide ? 24 : 12} xl={wide ? 24 : 8}>
                <Form.Item name={name} label={labels.field(ENTITY, name)} rules={fieldRules(field, labels)}>
                  <FieldInput name={name} field={field} row={registration} />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
        {LINE_COLLECTIONS.map((collection) => (
          <div key={collection} style={{ marginTop: 8 }} data-testid={`register-${collection}`}>
            <Typography.Text strong>{labels.field(ENTITY, collection)}</Typography.Text>
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
      </Form>
    </Card>
  );
}
