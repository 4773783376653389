// The query form on top of a list: the first filters in one row with 查询 and 重置, 展开/收起
// for the rest (expanded when the list was opened filtered by one of the rest). Enter in a box
// runs the query. Its values live as long as the tab.
import { useState } from 'react';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Space } from 'antd';
import type { EntityDef } from '@srm/kernel';
import { useFormName } from '../context/formName';
import { useLabels } from '../context/labels';
import { useSession } from '../context/session';
import { FilterInput } from './FilterInput';
import { cleanFilters, filterItems } from './filters';

/** Filters shown before 展开. */
export const VISIBLE_FILTERS = 3;

export interface QueryFormProps {
  entity: EntityDef;
  /** The filters the list was opened with (shown in the form; 重置 clears them too). */
  initial?: Readonly<Record<string, unknown>>;
  onSearch(filters: Record<string, unknown>): void;
}

export function QueryForm({ entity, initial, onSearch }: QueryFormProps) {
  const labels = useLabels();
  const [form] = Form.useForm();
  const { side } = useSession();
  const items = filterItems(entity, side);
  const [expanded, setExpanded] = useState(() =>
    items.slice(VISIBLE_FILTERS).some(({ name }) => initial?.[name] !== undefined),
  );
  const formName = useFormName('query');
  if (!items.length) return null;
  const shown = expanded ? items : items.slice(0, VISIBLE_FILTERS);
  return (
    <Form
      form={form}
      name={formName}
      layout="horizontal"
      labelCol={{ flex: labels.locale === 'en' ? '120px' : '96px' }}
      labelWrap
      // A zero basis lets the input shrink, so the label stays beside it.
      wrapperCol={{ flex: '1 1 0%', style: { minWidth: 0 } }}
      colon={labels.locale !== 'en'}
      initialValues={initial}
      onFinish={(values: Record<string, unknown>) => onSearch(cleanFilters(values))}
      aria-label={labels.t('ui.list.search')}
    >
      <Row gutter={[16, 12]}>
        {items.map(({ name, field }) => (
          <Col
            key={name}
            xs={24}
            sm={12}
            lg={8}
            xl={6}
            // Hidden filters stay mounted: their values still apply when the form is collapsed.
            style={shown.some((item) => item.name === name) ? undefined : { display: 'none' }}
          >
            <Form.Item name={name} label={labels.field(entity.name, name)} style={{ marginBottom: 0 }}>
              <FilterInput entity={entity} field={field} />
            </Form.Item>
          </Col>
        ))}
        <Col flex="auto" style={{ textAlign: 'right' }}>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {labels.t('ui.list.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                form.setFieldsValue(Object.fromEntries(items.map(({ name }) => [name, undefined])));
                onSearch({});
              }}
            >
              {labels.t('ui.list.reset')}
            </Button>
            {items.length > VISIBLE_FILTERS && (
              <Button type="link" style={{ paddingInline: 4 }} onClick={() => setExpanded(!expanded)}>
                {labels.t(expanded ? 'ui.list.collapse' : 'ui.list.expand')}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
