// The supplier user's company on the external home: name, code, status, credit code and contact,
// from the supplier master the user may read (only its own), or the name alone otherwise.
import { useQuery } from '@tanstack/react-query';
import { BankOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { supplierInfo } from '@srm/domain/supplier';
import { FieldDisplay, useGranted, useLabels } from '@srm/platform-ui';
import { apiPost } from '../../api';
import type { CurrentUser } from '../../auth/useCurrent';
import { HomeSection } from './HomeSection';

const SHOWN = [
  'supplierCode',
  'status',
  'creditCode',
  'contactName',
  'contactMobile',
  'contactEmail',
] as const;

export function CompanyCard({ user, onOpen }: { user: CurrentUser; onOpen?: () => void }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const may = useGranted();
  const readable = !!user.supplierId && may(`${supplierInfo.name}.view`);
  const company = useQuery({
    queryKey: ['entity', supplierInfo.name, 'find', user.supplierId],
    queryFn: () =>
      apiPost<Record<string, unknown>>(`${supplierInfo.apiPath}/findById`, {
        [supplierInfo.key]: user.supplierId,
      }),
    enabled: readable,
  });
  const row = company.data;
  return (
    <HomeSection
      title={t('exHome.company.title')}
      icon={<BankOutlined />}
      testId="company-card"
      extra={
        onOpen && (
          <Button type="link" size="small" onClick={onOpen}>
            {t('exHome.company.open')}
          </Button>
        )
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="company-name">
          {String(row?.supplierName ?? user.supplierName ?? '')}
        </Typography.Title>
        {company.error && <Alert type="error" showIcon title={(company.error as Error).message} />}
        {readable && company.isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
        {row && (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={SHOWN.map((name) => ({
              key: name,
              label: labels.field(supplierInfo.name, name),
              children:
                name === 'status' ? (
                  <Tag color={row.status === 'QUALIFIED' ? 'green' : 'blue'}>
                    {labels.code('SRM_SUPPLIER_STATUS', String(row.status ?? ''))}
                  </Tag>
                ) : (
                  <FieldDisplay name={name} field={supplierInfo.fields[name]!} value={row[name]} row={row} />
                ),
            }))}
          />
        )}
      </Space>
    </HomeSection>
  );
}
