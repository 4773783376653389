// The export button of a list (spec §7): the current query, the selected rows or everything.
// Below the sheet limit the file comes back at once; above it (or when asked) the export runs
// in the background: 已提交后台导出EXCEL, and the background-export list opens as a tab.
import { useState } from 'react';
import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { type EntityDef, SHEET_MAX_ROW } from '@srm/kernel';
import { request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { useScreen } from '../screens/ScreenContext';
import { useSession } from '../context/session';
import { saveFile } from '../attachments/fileApi';
import {
  type ExportBody,
  type ExportScope,
  ExportUsageError,
  backExport,
  exportColumnsOf,
  exportExcel,
  exportFileName,
  exportParams,
  exportsInBackground,
  viewedExport,
} from './excelApi';
import type { GridView } from '../grid/EditableGrid';

/** The route of the background-export list (spec §2). */
export const BACK_EXPORT_ROUTE = 'reportBackExportList';

export interface ExportButtonProps {
  entity: EntityDef;
  /** The list's current filters and order. */
  filters: Readonly<Record<string, unknown>>;
  /** Filters the screen itself always applies (a list variant): kept by every scope. */
  baseFilters?: Readonly<Record<string, unknown>>;
  orderBy?: string;
  /** Keys of the selected rows. */
  selectedKeys: readonly (string | number)[];
  /** Rows the current query finds (the list's count). */
  total: number;
  /** Exported columns (the list's by default). */
  columns?: readonly string[];
  /** Rows above which an export runs in the background (the sheet limit by default). */
  limit?: number;
  /**
   * The user's view of the list's grid at the moment of the export: its shown columns in their
   * order (the user's column settings) and its sort, which the file follows.
   */
  view?: () => GridView | undefined;
}

export function ExportButton({
  entity,
  filters,
  baseFilters,
  orderBy,
  selectedKeys,
  total,
  columns,
  limit = SHEET_MAX_ROW,
  view,
}: ExportButtonProps) {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { timeZone } = useSession();
  const { message, notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  const title = labels.entity(entity.name);

  const bodyOf = (scope: ExportScope): ExportBody => {
    const seen = viewedExport(view?.(), columns ?? entity.list.columns, orderBy);
    return {
      requestUrl: `${entity.apiPath}/listByPage`,
      requestParams:
        scope === 'selected'
          ? {
              ...baseFilters,
              [entity.key]: [...selectedKeys],
              ...(seen.orderBy ? { orderBy: seen.orderBy } : {}),
            }
          : scope === 'all'
            ? exportParams(baseFilters ?? {}, seen.orderBy)
            : exportParams(filters, seen.orderBy),
      columns: exportColumnsOf(entity, labels, seen.columns, seen.widths),
      fileName: exportFileName(title, Date.now(), timeZone),
    };
  };

  const countOf = async (scope: ExportScope): Promise<number> => {
    if (scope === 'selected') return selectedKeys.length;
    if (scope !== 'all') return total;
    const answer = await request(api, `${entity.apiPath}/listByPage`, {
      ...baseFilters,
      pageIndex: 1,
      pageRows: 1,
    });
    return answer.page?.count ?? 0;
  };

  const run = async (scope: ExportScope) => {
    setBusy(true);
    try {
      const body = bodyOf(scope);
      const count = await countOf(scope);
      if (exportsInBackground(scope, count, limit)) {
        const exportNum = await backExport(api, body);
        void message.success(labels.t('ui.excel.backSubmitted'));
        if (scope !== 'background')
          notification.info({
            title: labels.t('ui.excel.backSubmitted'),
            description: labels.t('ui.excel.backNotice', { count, limit, exportNum }),
            placement: 'topRight',
          });
        screen.open(BACK_EXPORT_ROUTE, { exportNum });
        return;
      }
      const file = await exportExcel(api, body);
      saveFile(file);
      void message.success(labels.t('ui.excel.exported', { fileName: file.fileName }));
    } catch (error) {
      void message.error(
        error instanceof ExportUsageError
          ? labels.t(error.key)
          : ((error as Error)?.message ?? String(error)),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dropdown
      disabled={busy}
      menu={{
        items: [
          { key: 'query', label: labels.t('ui.excel.exportQuery') },
          {
            key: 'selected',
            label: labels.t('ui.excel.exportSelected', { count: selectedKeys.length }),
            disabled: !selectedKeys.length,
          },
          { key: 'all', label: labels.t('ui.excel.exportAll') },
          { type: 'divider' },
          { key: 'background', label: labels.t('ui.excel.exportBackground') },
        ],
        onClick: ({ key }) => void run(key as ExportScope),
      }}
    >
      <Button icon={<ExportOutlined />} loading={busy}>
        {labels.t('ui.excel.export')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
