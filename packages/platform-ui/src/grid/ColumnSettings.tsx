// The column-settings popover of the grid toolbar: show or hide, reorder and fix columns, save
// for this user and table, go back to the defaults, export and import the settings as a file.
import { useRef, useState } from 'react';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DownloadOutlined,
  SettingOutlined,
  UploadOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { App, Button, Checkbox, Divider, Popover, Space, Tooltip, Typography } from 'antd';
import { ApiFailure } from '../context/api';
import { useLabels } from '../context/labels';
import { type SavedColumn, columnConfigFile, parseColumnConfigFile } from './columnConfig';
import type { ColumnConfigState } from './useColumnConfig';

export interface ColumnSettingsProps {
  tableName: string;
  /** Plain titles by column key. */
  titles: Readonly<Record<string, string>>;
  defaults: readonly SavedColumn[];
  state: ColumnConfigState;
  /** Widths the user dragged since the last save (kept by the save). */
  widths: Readonly<Record<string, number>>;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ColumnSettings({ tableName, titles, defaults, state, widths }: ColumnSettingsProps) {
  const labels = useLabels();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<SavedColumn[]>([]);
  const file = useRef<HTMLInputElement>(null);
  const withWidths = (columns: readonly SavedColumn[]) =>
    columns.map((column) => (widths[column.key] ? { ...column, width: widths[column.key] } : column));

  const move = (index: number, by: number) =>
    setDraft((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item!);
      return next;
    });
  const patch = (index: number, change: Partial<SavedColumn>) =>
    setDraft((current) => current.map((item, at) => (at === index ? { ...item, ...change } : item)));
  const fail = (error: unknown) =>
    void message.error(error instanceof ApiFailure ? error.message : String(error));

  const save = async () => {
    if (!draft.some((column) => column.visible)) {
      void message.warning(labels.t('ui.grid.columns.keepOne'));
      return;
    }
    try {
      await state.save(draft);
      void message.success(labels.t('ui.grid.columns.saved'));
      setOpen(false);
    } catch (error) {
      fail(error);
    }
  };
  const reset = async () => {
    try {
      if (state.saved) await state.reset();
      setDraft([...defaults]);
      void message.success(labels.t('ui.grid.columns.resetDone'));
      setOpen(false);
    } catch (error) {
      fail(error);
    }
  };
  const importFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    const parsed = parseColumnConfigFile(await chosen.text(), tableName);
    if (!parsed.ok) {
      void message.error(labels.t(parsed.messageKey));
      return;
    }
    const known = new Set(defaults.map((column) => column.key));
    const imported = parsed.columns.filter((column) => known.has(column.key));
    const rest = defaults.filter((column) => !imported.some((item) => item.key === column.key));
    setDraft([...imported, ...rest]);
    void message.info(labels.t('ui.grid.columns.imported'));
  };

  const allVisible = draft.every((column) => column.visible);
  const content = (
    <div style={{ width: 300 }} data-testid="column-settings">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Checkbox
          checked={allVisible}
          indeterminate={!allVisible && draft.some((column) => column.visible)}
          onChange={(event) =>
            setDraft((current) => current.map((item) => ({ ...item, visible: event.target.checked })))
          }
        >
          {labels.t('ui.grid.columns.all')}
        </Checkbox>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {state.saved ? labels.t('ui.grid.columns.mine') : labels.t('ui.grid.columns.defaults')}
        </Typography.Text>
      </div>
      <Divider style={{ margin: '8px 0' }} />
      <div style={{ maxHeight: 320, overflowY: 'auto' }}>
        {draft.map((column, index) => (
          <div
            key={column.key}
            data-column={column.key}
            style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 0' }}
          >
            <Checkbox
              style={{ flex: 1, minWidth: 0 }}
              checked={column.visible}
              onChange={(event) => patch(index, { visible: event.target.checked })}
            >
              <Typography.Text ellipsis style={{ maxWidth: 170 }}>
                {titles[column.key] ?? column.key}
              </Typography.Text>
            </Checkbox>
            <Tooltip
              title={labels.t(column.fixed === 'left' ? 'ui.grid.columns.unfix' : 'ui.grid.columns.fixLeft')}
            >
              <Button
                size="small"
                type={column.fixed === 'left' ? 'primary' : 'text'}
                icon={<VerticalAlignTopOutlined rotate={-90} />}
                aria-label={labels.t('ui.grid.columns.fixLeft')}
                onClick={() => patch(index, { fixed: column.fixed === 'left' ? null : 'left' })}
              />
            </Tooltip>
            <Tooltip
              title={labels.t(
                column.fixed === 'right' ? 'ui.grid.columns.unfix' : 'ui.grid.columns.fixRight',
              )}
            >
              <Button
                size="small"
                type={column.fixed === 'right' ? 'primary' : 'text'}
                icon={<VerticalAlignBottomOutlined rotate={-90} />}
                aria-label={labels.t('ui.grid.columns.fixRight')}
                onClick={() => patch(index, { fixed: column.fixed === 'right' ? null : 'right' })}
              />
            </Tooltip>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={labels.t('ui.grid.columns.up')}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={labels.t('ui.grid.columns.down')}
              disabled={index === draft.length - 1}
              onClick={() => move(index, 1)}
            />
          </div>
        ))}
      </div>
      <Divider style={{ margin: '8px 0' }} />
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <Space size={4}>
          <Tooltip title={labels.t('ui.grid.columns.export')}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              aria-label={labels.t('ui.grid.columns.export')}
              onClick={() =>
                download(
                  `${tableName.replace(/[^A-Za-z0-9_.-]/g, '_')}.columns.json`,
                  columnConfigFile(tableName, draft),
                )
              }
            />
          </Tooltip>
          <Tooltip title={labels.t('ui.grid.columns.import')}>
            <Button
              size="small"
              icon={<UploadOutlined />}
              aria-label={labels.t('ui.grid.columns.import')}
              onClick={() => file.current?.click()}
            />
          </Tooltip>
          <input
            ref={file}
            type="file"
            accept=".json,application/json"
            style={{ display: 'none' }}
            data-testid="column-settings-file"
            onChange={(event) => {
              void importFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Space>
        <Space size={4}>
          <Button size="small" onClick={() => void reset()} disabled={state.saving}>
            {labels.t('ui.grid.columns.reset')}
          </Button>
          <Button size="small" type="primary" loading={state.saving} onClick={() => void save()}>
            {labels.t('ui.grid.columns.save')}
          </Button>
        </Space>
      </div>
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={labels.t('ui.grid.columns.title')}
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(withWidths(state.columns));
        setOpen(next);
      }}
      content={content}
    >
      <Tooltip title={labels.t('ui.grid.columns.title')}>
        <Button icon={<SettingOutlined />} aria-label={labels.t('ui.grid.columns.title')} />
      </Tooltip>
    </Popover>
  );
}
