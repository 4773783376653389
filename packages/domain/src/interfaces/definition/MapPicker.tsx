// 从数据字典选择 (spec informationSchemaRestful) over a definition's request or response map. Left,
// the business objects (listTableByPage), searched by code or name and paged, the definition's
// own pinned first; right, the field paths of the one chosen (listColumnByPage) with name and
// kind, header and line fields apart. The fields ticked become map lines (pickedLines). Only the
// definition's own object is picked from, since its maps read its documents; the others can be
// looked at. A response map is offered only the fields an answer may be written back to.
import { type Key, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Col, Empty, Input, Modal, Row, Segmented, Space, Table, Tag, Typography } from 'antd';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { fetchAll, request, useApi, useLabels } from '@srm/platform-ui';
import { type MapCollection, type SchemaColumn, collectionOf, mappedColumns, offered } from './field-maps';

/** A row of listTableByPage: a business object and the names of its line collections. */
interface SchemaTable {
  readonly tableName: string;
  readonly tableLabel: string;
  readonly lineCollections: readonly string[];
}

const TABLE_ROWS = 8;
const HEADER = '';
const ALL = '*';

export interface MapPickerProps {
  /** The definition's API path (`…/baseScsiDefinitionRestful`). */
  readonly apiPath: string;
  readonly collection: MapCollection;
  /** The definition's business object as its form has it now; null while none is chosen. */
  readonly businessEntity: string | null;
  /** The map's lines now (fields mapped already are marked and not offered again). */
  readonly existing: readonly Readonly<Record<string, unknown>>[];
  /** The columns ticked, in the dictionary's order, of the object `tableName`. */
  onPick(tableName: string, columns: readonly SchemaColumn[]): void;
  onClose(): void;
}

export default function MapPicker({
  apiPath,
  collection,
  businessEntity,
  existing,
  onPick,
  onClose,
}: MapPickerProps) {
  const api = useApi();
  const labels = useLabels();
  const t = (key: string, params?: Record<string, string | number>) => labels.t(`intf.picker.${key}`, params);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [tableName, setTableName] = useState<string | null>(businessEntity);
  const [part, setPart] = useState(ALL);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<readonly string[]>([]);

  // The definition's own object, found by its name (it may not be listed: a hidden or unknown one).
  const own = useQuery({
    queryKey: ['intf', 'schemaTable', businessEntity],
    enabled: !!businessEntity,
    queryFn: async () => {
      const answer = await request<SchemaTable[]>(api, `${apiPath}/listTableByPage`, {
        keyword: businessEntity,
        pageRows: 50,
      });
      return answer.data.find((row) => row.tableName === businessEntity) ?? null;
    },
  });
  const tables = useQuery({
    queryKey: ['intf', 'schemaTables', keyword, page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await request<SchemaTable[]>(api, `${apiPath}/listTableByPage`, {
        keyword,
        pageIndex: page,
        pageRows: TABLE_ROWS,
      });
      return { rows: answer.data, count: answer.page?.count ?? answer.data.length };
    },
  });
  const columns = useQuery({
    queryKey: ['intf', 'schemaColumns', tableName],
    enabled: tableName !== null,
    queryFn: () => fetchAll<SchemaColumn>(api, `${apiPath}/listColumnByPage`, { tableName }),
  });

  const pinned = own.data ?? null;
  const tableRows = [
    ...(pinned ? [pinned] : []),
    ...(tables.data?.rows ?? []).filter((row) => row.tableName !== pinned?.tableName),
  ];
  const shownTable = tableRows.find((row) => row.tableName === tableName) ?? null;
  const tableTitle = (name: string) => (name === shownTable?.tableName ? shownTable.tableLabel : name);
  // Its maps read the definition's own documents: a field of another object would find nothing.
  const usable = !businessEntity || tableName === businessEntity;
  const offeredColumns = useMemo(
    () => (columns.data ?? []).filter((column) => offered(collection, column)),
    [columns.data, collection],
  );
  const mapped = useMemo(
    () => mappedColumns(collection, offeredColumns, existing),
    [collection, offeredColumns, existing],
  );
  const parts = [...new Set(offeredColumns.map((column) => collectionOf(column.columnName) ?? HEADER))];
  const needle = search.trim().toLowerCase();
  const shownColumns = offeredColumns.filter(
    (column) =>
      (part === ALL || (collectionOf(column.columnName) ?? HEADER) === part) &&
      (!needle ||
        column.columnName.toLowerCase().includes(needle) ||
        column.columnLabel.toLowerCase().includes(needle)),
  );
  const choosable = (column: SchemaColumn) => usable && !mapped.has(column.columnName);

  const chooseTable = (name: string) => {
    if (name === tableName) return;
    setTableName(name);
    setPart(ALL);
    setSearch('');
    setChosen([]);
  };
  const pick = () => {
    if (tableName === null) return;
    const wanted = new Set(chosen);
    onPick(
      tableName,
      offeredColumns.filter((column) => wanted.has(column.columnName) && choosable(column)),
    );
  };

  return (
    <Modal
      open
      width={1160}
      zIndex={MODAL_Z_INDEX}
      title={`${t('title')} · ${labels.field('baseScsiDefinition', collection)}`}
      okText={chosen.length ? t('add', { count: chosen.length }) : t('addNone')}
      okButtonProps={{ disabled: !chosen.length }}
      onOk={pick}
      onCancel={onClose}
      destroyOnHidden
      style={{ top: 48 }}
      styles={{ body: { paddingTop: 8 } }}
    >
      <Row gutter={16} wrap={false} data-testid="map-picker">
        <Col flex="360px" style={{ minWidth: 0 }}>
          <Input.Search
            allowClear
            placeholder={t('searchTable')}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage(1);
            }}
            style={{ marginBottom: 8 }}
            data-testid="map-picker-tables-search"
          />
          <Table<SchemaTable>
            size="small"
            rowKey="tableName"
            dataSource={tableRows}
            loading={tables.isFetching}
            showHeader={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noTables')} /> }}
            rowSelection={{
              type: 'radio',
              columnWidth: 32,
              selectedRowKeys: tableName ? [tableName] : [],
              onChange: (keys: Key[]) => keys[0] !== undefined && chooseTable(String(keys[0])),
            }}
            onRow={(row) => ({ onClick: () => chooseTable(row.tableName), style: { cursor: 'pointer' } })}
            pagination={{
              current: page,
              pageSize: TABLE_ROWS,
              total: tables.data?.count ?? 0,
              size: 'small',
              simple: true,
              showSizeChanger: false,
              onChange: setPage,
            }}
            columns={[
              {
                key: 'table',
                render: (_value, row) => (
                  <Space vertical size={0} style={{ minWidth: 0 }}>
                    <Space size={6}>
                      <Typography.Text strong={row.tableName === tableName}>{row.tableLabel}</Typography.Text>
                      {row.tableName === businessEntity && (
                        <Tag color="blue" variant="filled">
                          {t('own')}
                        </Tag>
                      )}
                    </Space>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {row.tableName}
                      {row.lineCollections.length > 0 &&
                        ` · ${row.lineCollections
                          .map((line) => labels.field(row.tableName, line))
                          .join('、')}`}
                    </Typography.Text>
                  </Space>
                ),
              },
            ]}
          />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          {tableName === null ? (
            <Empty description={t('chooseTable')} style={{ marginTop: 96 }} />
          ) : (
            <>
              <Space wrap size={[12, 8]} style={{ marginBottom: 8 }}>
                <Space size={6}>
                  <Typography.Text strong>{tableTitle(tableName)}</Typography.Text>
                  <Typography.Text type="secondary">{tableName}</Typography.Text>
                </Space>
                {parts.length > 1 && (
                  <Segmented
                    size="small"
                    value={part}
                    onChange={(value) => setPart(String(value))}
                    options={[
                      { value: ALL, label: t('allFields') },
                      ...parts.map((name) => ({
                        value: name,
                        label: name === HEADER ? t('header') : labels.field(tableName, name),
                      })),
                    ]}
                  />
                )}
                <Input.Search
                  allowClear
                  size="small"
                  placeholder={t('searchField')}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  style={{ width: 220 }}
                  data-testid="map-picker-fields-search"
                />
              </Space>
              {!usable && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 8 }}
                  title={t('otherObject', { entity: labels.entity(businessEntity ?? '') })}
                />
              )}
              {usable && !businessEntity && (
                <Alert type="info" showIcon style={{ marginBottom: 8 }} title={t('setsObject')} />
              )}
              {businessEntity && !own.isLoading && !pinned && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 8 }}
                  title={t('notListed', { entity: businessEntity })}
                />
              )}
              {collection === 'resMaps' && (
                <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                  {t('writeBackOnly')}
                </Typography.Paragraph>
              )}
              <Table<SchemaColumn>
                size="small"
                rowKey="columnName"
                dataSource={shownColumns}
                loading={columns.isFetching}
                locale={{
                  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noFields')} />,
                }}
                rowSelection={{
                  selectedRowKeys: [...chosen],
                  preserveSelectedRowKeys: true,
                  onChange: (keys: Key[]) => setChosen(keys.map(String)),
                  getCheckboxProps: (column) => ({ disabled: !choosable(column) }),
                }}
                pagination={{
                  defaultPageSize: 10,
                  pageSizeOptions: [10, 20, 50],
                  showSizeChanger: true,
                  size: 'small',
                  showTotal: (total) => labels.t('ui.list.total', { total }),
                }}
                columns={[
                  {
                    key: 'path',
                    title: t('path'),
                    width: 230,
                    ellipsis: true,
                    render: (_value, column) => <Typography.Text code>{column.columnName}</Typography.Text>,
                  },
                  { key: 'label', title: t('label'), dataIndex: 'columnLabel', ellipsis: true },
                  {
                    key: 'kind',
                    title: t('kind'),
                    width: 112,
                    render: (_value, column) => t(`kind.${column.dataType}`),
                  },
                  {
                    key: 'mapped',
                    title: t('state'),
                    width: 88,
                    render: (_value, column) =>
                      mapped.has(column.columnName) ? (
                        <Tag color="orange" variant="filled">
                          {t('mapped')}
                        </Tag>
                      ) : null,
                  },
                ]}
              />
            </>
          )}
        </Col>
      </Row>
    </Modal>
  );
}
