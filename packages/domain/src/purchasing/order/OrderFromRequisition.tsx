// 由申请创建: a draft purchase order made from requisition lines of the demand pool — the lines
// chosen in 需求汇总, an approved requisition's open lines, or lines picked here by requisition,
// material and organisation. Each line shows what remains on it as the server counts it and takes
// a quantity to order (what remains unless changed); the order's supplier, type and currency are
// asked once. 创建采购订单 calls createFromRequisition and opens the new order in its tab.
import { type Key, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Col, Form, Modal, Row as Columns, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MODAL_Z_INDEX, checkValue, refFieldOf } from '@srm/kernel';
import {
  ApiFailure,
  FieldInput,
  RefSelect,
  fetchAll,
  fieldRules,
  numberText,
  request,
  useApi,
  RefFilterBar,
  useCrossPageChoice,
  useFormName,
  useLabels,
  useScreen,
  useSession,
} from '@srm/platform-ui';
import { configProfile, currency } from '../../base-data';
import { billType } from '../bill-type/bill-type.entity';
import { requisition } from '../requisition/requisition.entity';
import { requisitionLine } from '../requisition/requisition-line.entity';
import { POOL_LINE_FILTERS } from '../requisition/pool-filters';
import { order } from './order.entity';
import { orderLine } from './order-line.entity';

type Row = Record<string, unknown>;

/** The edit screen the created order opens in. */
export const ORDER_EDIT_PATH = 'purOrderManage/purchaseOrderEdit';

/**
 * Where the lines come from: the open lines of these requisitions (only `lineIds` of them when
 * given), or, without it, the whole pool to pick from.
 */
export interface GivenLines {
  readonly requisitionHeaderIds: readonly number[];
  readonly lineIds?: readonly number[];
}

export interface OrderFromRequisitionProps {
  readonly given?: GivenLines;
  onClose(): void;
  /** After the order was created (before its tab opens). */
  onCreated?(): void;
}

interface Header {
  supplierId?: number | null;
  billTypeId?: number | null;
  currencyId?: number | null;
}

const PAGE_ROWS = 10;
const LINES = `${requisitionLine.apiPath}/listByPage`;
const POOLED = { demandStatus: 'POOLED' };
// Lines of the newest requisitions first, in their own order.
const LINE_ORDER = 'requisitionHeaderId desc, lineNum asc';

/** The order's header asked for, each with the property naming its current value. */
const headerFields = [
  { name: 'supplierId', field: refFieldOf(order.fields.supplierId), shown: 'supplierName' },
  { name: 'billTypeId', field: refFieldOf(order.fields.billTypeId), shown: 'billTypeName' },
  { name: 'currencyId', field: refFieldOf(order.fields.currencyId), shown: 'currencyCode' },
] as const;

const idOf = (row: Row) => Number(row.requisitionLineId);

/** The one value every row has for `field` (null when they differ or have none). */
function shared(rows: readonly Row[], field: string): unknown {
  const values = new Set(rows.map((row) => row[field] ?? null));
  return values.size === 1 ? [...values][0] : null;
}

/** Sensible header defaults from the server: the first enabled order type, the default currency. */
function useHeaderDefaults(orgId: unknown) {
  const api = useApi();
  return useQuery({
    queryKey: ['entity', order.name, 'fromRequisitionDefaults', orgId ?? null],
    staleTime: 60_000,
    queryFn: async () => {
      const [type] = (
        await request<Row[]>(api, `${billType.apiPath}/listByPage`, {
          status: 'ENABLED',
          docCategory: 'ORDER',
          orderBy: 'billTypeId asc',
          pageRows: 1,
        })
      ).data;
      // The company's default currency (business configuration); none when it cannot be read.
      const money = await request<{ profileValue: string } | null>(
        api,
        `${configProfile.apiPath}/findValue`,
        {
          profileCode: 'DEFAULT_CURRENCY',
          ...(typeof orgId === 'number' ? { orgId } : {}),
        },
      )
        .then(async (answer) => {
          const code = answer.data?.profileValue;
          if (!code) return undefined;
          const found = await request<Row[]>(api, `${currency.apiPath}/listByPage`, {
            currencyCode: code,
            enabledFlag: 'Y',
          });
          return found.data.find((row) => row.currencyCode === code);
        })
        .catch((error: unknown) => {
          if (error instanceof ApiFailure) return undefined;
          throw error;
        });
      return { type: type ?? null, currency: money ?? null };
    },
  });
}

export default function OrderFromRequisition({ given, onClose, onCreated }: OrderFromRequisitionProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { userFullName } = useSession();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Header>();
  const formName = useFormName('orderFromRequisition');
  const picking = !given;
  const [filters, setFilters] = useState<Row>({});
  const [page, setPage] = useState(1);
  const { chosen, choose: pick, reset } = useCrossPageChoice(idOf);
  const [quantities, setQuantities] = useState<ReadonlyMap<number, number | null>>(new Map());
  const [display, setDisplay] = useState<Row>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const f = (name: string) => labels.field(requisitionLine.name, name);

  // The given lines as the server has them now (those ordered or closed meanwhile drop out).
  const givenLines = useQuery({
    queryKey: ['entity', requisitionLine.name, 'forOrder', given ?? null],
    enabled: !picking,
    queryFn: async () => {
      if (!given) return [];
      const rows = await fetchAll<Row>(api, LINES, {
        ...POOLED,
        requisitionHeaderId: given.requisitionHeaderIds,
        orderBy: LINE_ORDER,
      });
      const wanted = given.lineIds ? new Set(given.lineIds) : null;
      return rows.filter((row) => !wanted || wanted.has(idOf(row)));
    },
  });
  // The pool to pick from, a page at a time.
  const pool = useQuery({
    queryKey: ['entity', requisitionLine.name, 'forOrder', 'pick', filters, page],
    enabled: picking,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await request<Row[]>(api, LINES, {
        ...filters,
        ...POOLED,
        orderBy: LINE_ORDER,
        pageIndex: page,
        pageRows: PAGE_ROWS,
      });
      return { rows: answer.data, count: answer.page?.count ?? answer.data.length };
    },
  });
  const rows = picking ? (pool.data?.rows ?? []) : (givenLines.data ?? []);

  // Given lines are all chosen to begin with.
  useEffect(() => {
    if (!givenLines.data) return;
    reset(givenLines.data);
  }, [givenLines.data, reset]);

  const chosenRows = useMemo(() => [...chosen.values()], [chosen]);
  const defaults = useHeaderDefaults(chosenRows[0]?.orgId ?? rows[0]?.orgId);

  // Defaults fill only what the user has not touched: the supplier the chosen lines suggest, the
  // first order type, the company's currency.
  useEffect(() => {
    const supplierId = shared(chosenRows, 'suggestedSupplierId');
    if (!form.isFieldTouched('supplierId') && typeof supplierId === 'number') {
      form.setFieldValue('supplierId', supplierId);
      setDisplay((now) => ({ ...now, supplierName: shared(chosenRows, 'suggestedSupplierName') }));
    }
  }, [chosenRows, form]);
  useEffect(() => {
    const { type, currency: money } = defaults.data ?? {};
    if (type && !form.isFieldTouched('billTypeId') && !form.getFieldValue('billTypeId')) {
      form.setFieldValue('billTypeId', type.billTypeId);
      setDisplay((now) => ({ ...now, billTypeName: type.billTypeName }));
    }
    if (money && !form.isFieldTouched('currencyId') && !form.getFieldValue('currencyId')) {
      form.setFieldValue('currencyId', money.currencyId);
      setDisplay((now) => ({ ...now, currencyCode: money.currencyCode }));
    }
  }, [defaults.data, form]);

  const quantityOf = (row: Row): number | null => {
    const typed = quantities.get(idOf(row));
    return typed === undefined ? Number(row.remainingQuantity) : typed;
  };
  /** What is wrong with the quantity to order on a chosen line, or null. */
  const problemOf = (row: Row): string | null => {
    const value = quantityOf(row);
    if (value === null || value === undefined) return labels.t('validation.required');
    const result = checkValue(orderLine.fields.quantity, value);
    if (!result.ok) return labels.t(result.issue.message, result.issue.params);
    if (value > Number(row.remainingQuantity))
      return labels.t('purchasing.fromRequisition.overRemaining', {
        remaining: numberText(requisitionLine.fields.remainingQuantity, row.remainingQuantity),
      });
    return null;
  };

  // The rows of other pages stay chosen (useCrossPageChoice).
  const choose = (keys: Key[], picked: Row[]) => {
    pick(keys, picked);
    setError(null);
  };

  const create = async () => {
    setChecked(true);
    setError(null);
    const header = await form.validateFields().catch(() => null);
    if (!header) return;
    if (!chosenRows.length) {
      setError(labels.t('purchasing.fromRequisition.noLines'));
      return;
    }
    if (chosenRows.some((row) => problemOf(row) !== null)) {
      setError(labels.t('purchasing.fromRequisition.fixQuantities'));
      return;
    }
    const lines = [...chosenRows]
      .sort(
        (a, b) =>
          String(a.requisitionNumber).localeCompare(String(b.requisitionNumber)) ||
          Number(a.lineNum) - Number(b.lineNum),
      )
      .map((row) => ({ requisitionLineId: idOf(row), quantity: quantityOf(row) }));
    setBusy(true);
    try {
      // The buyer is the person creating the order (the profile default of a new order's form).
      const answer = await request<Row>(api, `${order.apiPath}/createFromRequisition`, {
        ...header,
        ...(userFullName ? { buyerName: userFullName } : {}),
        lines,
      });
      void message.success(
        labels.t('purchasing.fromRequisition.created', { number: String(answer.data.poNumber ?? '') }),
      );
      // Lists and documents showing these lines or orders read them again when next shown.
      for (const name of [order.name, requisition.name, requisitionLine.name])
        void queryClient.invalidateQueries({ queryKey: ['entity', name] });
      onCreated?.();
      onClose();
      screen.open(ORDER_EDIT_PATH, { poHeaderId: Number(answer.data.poHeaderId) });
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      // The server's reason in the user's language (another organisation, more than remains, a
      // supplier not qualified for a material): the dialog stays open to change the choice.
      setError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  const number = (name: string) => (value: unknown) => numberText(requisitionLine.fields[name]!, value);
  const columns: ColumnsType<Row> = [
    { key: 'requisitionNumber', dataIndex: 'requisitionNumber', title: f('requisitionNumber'), width: 136 },
    { key: 'lineNum', dataIndex: 'lineNum', title: f('lineNum'), width: 52 },
    { key: 'itemCode', dataIndex: 'itemCode', title: f('itemCode'), width: 92 },
    { key: 'itemName', dataIndex: 'itemName', title: f('itemName'), width: 140, ellipsis: true },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: f('quantity'),
      width: 96,
      align: 'right',
      render: number('quantity'),
    },
    {
      key: 'remainingQuantity',
      dataIndex: 'remainingQuantity',
      title: f('remainingQuantity'),
      width: 96,
      align: 'right',
      render: number('remainingQuantity'),
    },
    {
      key: 'orderQuantity',
      title: labels.t('purchasing.fromRequisition.orderQuantity'),
      width: 116,
      render: (_value, row) => {
        if (!chosen.has(idOf(row))) return null;
        const problem = checked ? problemOf(row) : null;
        return (
          <div data-order-quantity={idOf(row)}>
            <FieldInput
              name="quantity"
              field={orderLine.fields.quantity}
              value={quantityOf(row)}
              onChange={(next) => {
                setQuantities((now) => new Map(now).set(idOf(row), typeof next === 'number' ? next : null));
                setError(null);
              }}
            />
            {problem && (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {problem}
              </Typography.Text>
            )}
          </div>
        );
      },
    },
    { key: 'uomName', dataIndex: 'uomName', title: f('uomName'), width: 56 },
    { key: 'needByDate', dataIndex: 'needByDate', title: f('needByDate'), width: 100 },
    { key: 'orgName', dataIndex: 'orgName', title: f('orgName'), width: 120, ellipsis: true },
    {
      key: 'suggestedSupplierName',
      dataIndex: 'suggestedSupplierName',
      title: f('suggestedSupplierName'),
      width: 130,
      ellipsis: true,
    },
  ];

  const filtered = Object.values(filters).some((value) => value != null);
  const missing = given?.lineIds && givenLines.data ? given.lineIds.length - givenLines.data.length : 0;

  return (
    <Modal
      open
      zIndex={MODAL_Z_INDEX}
      width={1300}
      title={labels.t(picking ? 'purchasing.fromRequisition.pickTitle' : 'purchasing.fromRequisition.title')}
      okText={labels.t('purchasing.fromRequisition.create')}
      cancelText={labels.t('ui.cancel')}
      okButtonProps={{ disabled: !chosen.size, loading: busy }}
      onOk={() => void create()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} name={formName} layout="vertical" style={{ marginTop: 12 }}>
        <Columns gutter={16}>
          {headerFields.map(({ name, field, shown }) => (
            <Col span={8} key={name}>
              <Form.Item
                name={name}
                label={labels.field(order.name, name)}
                rules={fieldRules(field, labels)}
                style={{ marginBottom: 12 }}
              >
                <RefSelect field={field} row={{}} displayValue={display[shown]} />
              </Form.Item>
            </Col>
          ))}
        </Columns>
      </Form>
      {picking && (
        <RefFilterBar
          testId="requisition-line-filters"
          width={200}
          filters={POOL_LINE_FILTERS}
          entityName={requisitionLine.name}
          value={filters}
          onChange={(next) => {
            setFilters({ ...next });
            setPage(1);
          }}
        />
      )}
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text type="secondary">
          {labels.t('ui.list.selected', { count: chosen.size })}
        </Typography.Text>
        <Typography.Text type="secondary">{labels.t('purchasing.fromRequisition.hint')}</Typography.Text>
      </Space>
      {missing > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={labels.t('purchasing.fromRequisition.noLongerOpen', { count: missing })}
        />
      )}
      <Table<Row>
        size="small"
        rowKey="requisitionLineId"
        columns={columns}
        dataSource={rows}
        loading={picking ? pool.isFetching : givenLines.isFetching}
        // Fixed column widths that fit the dialog: no sideways scrolling at 1440 px.
        scroll={{ y: 360 }}
        rowSelection={{
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          onChange: choose,
        }}
        pagination={
          picking
            ? {
                current: page,
                pageSize: PAGE_ROWS,
                total: pool.data?.count ?? 0,
                showSizeChanger: false,
                showTotal: (total) => labels.t('ui.list.total', { total }),
                onChange: setPage,
              }
            : { pageSize: PAGE_ROWS, showSizeChanger: false, hideOnSinglePage: true }
        }
        locale={{
          emptyText: labels.t(
            filtered ? 'purchasing.fromRequisition.noneFiltered' : 'purchasing.fromRequisition.none',
          ),
        }}
      />
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={error}
          data-testid="order-from-requisition-error"
        />
      )}
    </Modal>
  );
}
