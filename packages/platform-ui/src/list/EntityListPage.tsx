// The generic list screen of an entity: query form, toolbar (新建, 删除, workflow actions valid
// for the whole selection), the paged grid (200 rows a page, selection across pages, index,
// coloured states, right-aligned amounts, a 合计 row, an operation column, the user's column
// settings), pagination with 共 N 条. A button shows only when the responsibility grants its
// resource code; 查看 needs none.
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DeleteOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Dropdown, Empty, Space, Typography } from 'antd';
import { COLUMN_WIDTHS, type EntityDef } from '@srm/kernel';
import { textWidth } from './textWidth';
import { ApiFailure, request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { useConfirm } from '../context/useConfirm';
import { useGranted, useSession } from '../context/session';
import { invalidateAfterWrite } from '../fields/lookups';
import { useScreen } from '../screens/ScreenContext';
import { useActionRunner } from '../workflow/useActionRunner';
import {
  availableActions,
  deletable,
  operationResource,
  editableNow,
  readOnlyReason,
} from '../workflow/workflow';
import type { GridHandle } from '../grid/EditableGrid';
import { PagedGrid } from '../grid/PagedGrid';
import { ExcelButtons } from '../excel/ExcelButtons';
import { type Row, entityColumns } from './listColumns';
import { filtersFromParams } from './filters';
import { QueryForm } from './QueryForm';
import type { ListButton } from '../edit/extensions';

export interface EntityListPageProps {
  entity: EntityDef;
  /** Route path of the entity's edit screen. */
  editPath?: string;
  /** Filters every query of this list variant carries (not shown in the query form). */
  fixedFilters?: Readonly<Record<string, unknown>> | undefined;
  /** The screen's own toolbar buttons acting on the rows chosen. */
  buttons?: readonly ListButton[] | undefined;
  /** A view with its own columns (nothing is made or deleted there) keeps its own column settings under this name. */
  variant?: string | undefined;
}

/** The single values of a variant's fixed filters, as a new document's starting values. */
function presetOf(filters: Readonly<Record<string, unknown>> | undefined): Record<string, string | number> {
  const preset: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(filters ?? {}))
    if (typeof value === 'string' || typeof value === 'number') preset[name] = value;
  return preset;
}

export function EntityListPage({ entity, editPath, fixedFilters, buttons, variant }: EntityListPageProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { side } = useSession();
  const may = useGranted();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  // A list opened filtered (a home's work card: `status=APPROVED` among its tab's parameters)
  // starts with those filters, shown in its query form.
  const [opened] = useState(() => filtersFromParams(entity, screen.params));
  const [filters, setFilters] = useState<Record<string, unknown>>(opened);
  const [selected, setSelected] = useState<Row[]>([]);
  const [deleting, setDeleting] = useState(false);
  const [total, setTotal] = useState(0);
  const grid = useRef<GridHandle<Row>>(null);
  const clearSelection = () => {
    setSelected([]);
    grid.current?.clearSelection();
  };
  const runner = useActionRunner(entity, clearSelection);
  const title = labels.entity(entity.name);
  const sideWrites = !readOnlyReason(entity, null, side);
  const maySave = may(operationResource(entity, 'save'));
  // Rows the platform makes from another document (a supplier's reply or quotation, made when
  // the request is sent) name it in a required, read-only reference: nobody creates one here.
  const madeByPlatform = Object.values(entity.fields).some(
    (field) => field.kind === 'ref' && field.required && field.readonly,
  );
  const canWrite = sideWrites && maySave && !madeByPlatform && !variant;
  const canDelete = sideWrites && may(operationResource(entity, 'delete')) && !variant;

  const open = (row: Row | null, mode?: 'view') => {
    if (!editPath) return;
    // A new document of a list variant starts with the variant's fixed values (通知 in 通知管理).
    screen.open(editPath, row ? { [entity.key]: row[entity.key] as number, mode } : presetOf(fixedFilters));
  };
  const idsOf = (items: Row[]) => items.map((row) => row[entity.key] as number);

  const remove = async () => {
    const confirmed = await confirm({
      title: labels.t('ui.list.deleteConfirm', { count: selected.length }),
      okButtonProps: { danger: true },
    });
    if (!confirmed) return;
    setDeleting(true);
    try {
      await request(api, `${entity.apiPath}/doBatchDelete`, { ids: idsOf(selected) });
      void message.success(labels.t('ui.list.deleted'));
      clearSelection();
      await invalidateAfterWrite(queryClient, entity);
    } catch (error) {
      void message.error(error instanceof ApiFailure ? error.message : String(error));
    } finally {
      setDeleting(false);
    }
  };

  // Rebuilt each render (cheap), so links and actions always see the current state.
  const columns = entityColumns({ entity, labels, side, onOpen: (row) => open(row) });
  // At most two links and a 更多 menu for the rest (UI.md): the fixed column stays narrow and the
  // key columns (status, amount, date) stay in view at 1440 px.
  const linksOf = (row: Row) => {
    const links: { key: string; label: string; danger?: boolean; run(): void }[] = [
      { key: 'view', label: labels.t('ui.list.view'), run: () => open(row, 'view') },
    ];
    if (maySave && editableNow(entity, row, side))
      links.push({ key: 'edit', label: labels.t('ui.list.edit'), run: () => open(row) });
    for (const { name, action } of availableActions(entity, [row], side, may)) {
      links.push({
        key: name,
        label: labels.action(entity.name, name),
        ...(action.danger ? { danger: true } : {}),
        run: () =>
          void runner.run(name, action, {
            id: row[entity.key] as number,
            versionNum: row.versionNum as number,
            row,
          }),
      });
    }
    // Two links; a third and more go under 更多.
    return { shown: links.slice(0, 2), more: links.slice(2) };
  };
  // Sized for the widest row of the page as drawn (textWidth): its two links and 更多 with its
  // arrow (14 px), 12 px per separator, 24 px of padding.
  const [widestRow, setWidestRow] = useState(0);
  const rowWidth = (row: Row) => {
    const { shown, more } = linksOf(row);
    const texts = [...shown.map((link) => link.label), ...(more.length ? [labels.t('ui.list.more')] : [])];
    return (
      texts.reduce((sum, text) => sum + textWidth(text), 0) +
      (more.length ? 14 : 0) +
      12 * (texts.length - 1) +
      24
    );
  };
  const operateWidth = Math.ceil(Math.max(COLUMN_WIDTHS.operate + 40, widestRow));
  const operate = (row: Row) => {
    const { shown, more } = linksOf(row);
    const busy = runner.busy !== null;
    return (
      <Space
        size={4}
        style={{ whiteSpace: 'nowrap' }}
        separator={<Typography.Text type="secondary">|</Typography.Text>}
      >
        {shown.map((link) => (
          <Typography.Link
            key={link.key}
            type={link.danger ? 'danger' : undefined}
            disabled={busy && link.key !== 'view'}
            onClick={link.run}
          >
            {link.label}
          </Typography.Link>
        ))}
        {more.length > 0 && (
          <Dropdown
            trigger={['click']}
            disabled={busy}
            menu={{
              items: more.map((link) => ({ key: link.key, label: link.label, danger: !!link.danger })),
              onClick: ({ key }) => more.find((link) => link.key === key)?.run(),
            }}
          >
            <Typography.Link data-testid="row-more">
              {labels.t('ui.list.more')} <DownOutlined style={{ fontSize: 10 }} />
            </Typography.Link>
          </Dropdown>
        )}
      </Space>
    );
  };

  const batchActions = availableActions(entity, selected, side, may);
  const filtered = Object.keys(filters).length > 0;
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        filtered ? (
          labels.t('ui.list.emptyFiltered')
        ) : (
          <span>
            {labels.t('ui.list.empty')}
            {canWrite && editPath && (
              <>
                {' — '}
                <Typography.Link onClick={() => open(null)}>
                  {labels.t('ui.list.emptyCreate', { title })}
                </Typography.Link>
              </>
            )}
          </span>
        )
      }
    />
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Card size="small" styles={{ body: { padding: '16px 16px' } }}>
        <QueryForm
          entity={entity}
          initial={opened}
          onSearch={(next) => {
            setFilters(next);
            // 查询 always reads again, also with the same filters (a row changed in the background).
            void queryClient.invalidateQueries({ queryKey: ['entity', entity.name, 'list'] });
          }}
        />
      </Card>
      <Card size="small" styles={{ body: { padding: 16 } }}>
        <PagedGrid<Row>
          ref={grid}
          name={variant ? `entity:${entity.name}:${variant}` : `entity:${entity.name}`}
          rowKey={entity.key}
          columns={columns}
          api={`${entity.apiPath}/listByPage`}
          searchParams={fixedFilters ? { ...filters, ...fixedFilters } : filters}
          queryKey={['entity', entity.name, 'list']}
          showSummary={!!entity.list.summary?.length}
          footerConfig={{ summaryFields: entity.list.summary ?? [] }}
          operateSlot={editPath ? operate : undefined}
          operateWidth={operateWidth}
          onSelectionChange={setSelected}
          onLoaded={(rows, page) => {
            setTotal(page?.count ?? rows?.length ?? 0);
            // A number: the same width again does not draw the page again.
            setWidestRow(Math.max(0, ...(rows ?? []).map(rowWidth)));
          }}
          empty={empty}
          toolbarExtra={
            <>
              {canWrite && editPath && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
                  {labels.t('ui.list.create')}
                </Button>
              )}
              {canDelete && (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  loading={deleting}
                  disabled={!selected.length || !selected.every((row) => deletable(entity, row, side))}
                  onClick={() => void remove()}
                >
                  {labels.t('ui.list.delete')}
                </Button>
              )}
              {buttons
                ?.filter((button) => may(button.resource))
                .map(({ key, component: Extra }) => (
                  <Extra key={key} entity={entity} selected={selected} clearSelection={clearSelection} />
                ))}
              {batchActions.map(({ name, action }) => (
                <Button
                  key={name}
                  danger={action.danger}
                  loading={runner.busy === name}
                  disabled={runner.busy !== null && runner.busy !== name}
                  onClick={() => void runner.run(name, action, { ids: idsOf(selected) })}
                >
                  {labels.action(entity.name, name)}
                </Button>
              ))}
              <ExcelButtons
                entity={entity}
                filters={fixedFilters ? { ...filters, ...fixedFilters } : filters}
                baseFilters={fixedFilters}
                selectedKeys={idsOf(selected)}
                total={total}
                view={() => grid.current?.view()}
              />
            </>
          }
        />
      </Card>
      {runner.modal}
    </div>
  );
}
