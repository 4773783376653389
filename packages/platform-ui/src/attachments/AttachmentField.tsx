// The attachment widget (spec §2–§9): upload with a progress bar (large-file mode over 104857600
// bytes, chunked and resumable), a list of at most 240 px high with name, size, uploader and
// time, preview, download, download of all as a zip and delete after confirmation. Its value is
// the record's attachments field: the ids as a comma-separated string. Buttons follow the
// resource codes btnUploadAttachment, btnPreviewAttachment, btnDownloadAttachment and
// btnDelAttachment when permission checking is on, and can be hidden or disabled per record.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  FileZipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Button, Progress, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { ATTACHMENT_LIST_MAX_HEIGHT, formatDateTime } from '@srm/kernel';
import { useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { useGranted } from '../context/session';
import { useConfirm } from '../context/useConfirm';
import {
  type Attachment,
  type UploadContext,
  batchDelete,
  batchDownload,
  downloadFile,
  listFiles,
  saveFile,
  uploadFile,
} from './fileApi';
import {
  type AttachmentLimits,
  acceptAttribute,
  canAddMore,
  checkFile,
  formatSize,
  isLargeFile,
  isPreviewable,
  joinIds,
  parseIds,
} from './limits';
import { useFilePreview } from './useFilePreview';

/** The resource codes of the attachment buttons (spec §6). */
export const ATTACHMENT_RESOURCES = {
  upload: 'btnUploadAttachment',
  preview: 'btnPreviewAttachment',
  download: 'btnDownloadAttachment',
  delete: 'btnDelAttachment',
} as const;

export type AttachmentButton = keyof typeof ATTACHMENT_RESOURCES;

export interface AttachmentFieldProps {
  /** The ids, comma-separated (the attachments field's value). */
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  /** Read-only: list, preview and download only. */
  readOnly?: boolean;
  disabled?: boolean;
  limits?: AttachmentLimits;
  /** Where the files belong (path, functionId, businessId, fileDesc). */
  context?: UploadContext;
  /** Check the buttons' resource codes (off by default, as the configuration allows). */
  checkPermission?: boolean;
  /** Buttons hidden for this record. */
  hidden?: readonly AttachmentButton[];
  /** Buttons disabled for this record. */
  disabledButtons?: readonly AttachmentButton[];
  /**
   * Files a record already sent or saved and no longer the user's to delete (a reply's files once
   * sent): removing one only takes it off the value, which the record's next send replaces.
   */
  detachOnly?: (id: number) => boolean;
  /** Told when files start and stop uploading (a record sent meanwhile would go without them). */
  onUploadingChange?: (uploading: boolean) => void;
}

interface Uploading {
  key: string;
  name: string;
  percent: number;
  large: boolean;
}

const UPLOAD_ERROR_SECONDS = 2.5;

export function AttachmentField(props: AttachmentFieldProps) {
  const { value, onChange, id, readOnly, disabled, limits = {}, context = {}, checkPermission } = props;
  const api = useApi();
  const labels = useLabels();
  const may = useGranted();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const ids = useMemo(() => parseIds(value), [value]);
  const current = useRef(ids);
  current.current = ids;
  const [uploaded, setUploaded] = useState<ReadonlyMap<number, Attachment>>(new Map());
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const anyUploading = uploading.length > 0;
  const { onUploadingChange } = props;
  useEffect(() => onUploadingChange?.(anyUploading), [anyUploading, onUploadingChange]);

  const listed = useQuery({
    queryKey: ['attachments', ids.join(',')],
    queryFn: () => listFiles(api, ids),
    enabled: ids.length > 0,
    staleTime: 30_000,
  });
  const known = useMemo(() => {
    const map = new Map(uploaded);
    for (const file of listed.data ?? []) map.set(file.id, file);
    return map;
  }, [uploaded, listed.data]);
  const files = ids.map((fileId) => known.get(fileId)).filter((file): file is Attachment => !!file);

  const allowed = (button: AttachmentButton) =>
    !props.hidden?.includes(button) && (!checkPermission || may(ATTACHMENT_RESOURCES[button]));
  const enabled = (button: AttachmentButton) => !disabled && !props.disabledButtons?.includes(button);
  const writable = !readOnly && !disabled;
  const showUpload = !readOnly && allowed('upload');
  const showDelete = !readOnly && allowed('delete');
  // The viewer's download and crop (a download of the cropped image) follow the download button.
  const { preview, element: previewElement } = useFilePreview({
    download: allowed('download') && !props.disabledButtons?.includes('download'),
  });

  useEffect(() => {
    if (listed.error) void message.error((listed.error as Error).message);
  }, [listed.error, message]);

  const fail = (error: unknown, seconds?: number) => {
    if ((error as Error)?.name === 'AbortError') return;
    void message.error({ content: (error as Error)?.message ?? String(error), duration: seconds });
  };

  const upload = async (picked: File[]) => {
    let count = current.current.length;
    const accepted: File[] = [];
    for (const file of picked) {
      const issue = checkFile(file, count, limits);
      if (issue) {
        void message.error({
          content: labels.t(issue.message, issue.params),
          duration: UPLOAD_ERROR_SECONDS,
        });
        continue;
      }
      accepted.push(file);
      count++;
    }
    for (const file of accepted) {
      const key = `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`;
      setUploading((list) => [...list, { key, name: file.name, percent: 0, large: isLargeFile(file.size) }]);
      try {
        const attachment = await uploadFile(api, file, context, {
          images: limits.imagesOnly,
          onProgress: (sent, total) =>
            setUploading((list) =>
              list.map((item) =>
                item.key === key
                  ? { ...item, percent: Math.min(99, Math.floor((sent / (total || 1)) * 100)) }
                  : item,
              ),
            ),
        });
        setUploaded((map) => new Map(map).set(attachment.id, attachment));
        const next = [...current.current, attachment.id];
        current.current = next;
        onChange?.(joinIds(next));
      } catch (error) {
        fail(error, UPLOAD_ERROR_SECONDS);
      } finally {
        setUploading((list) => list.filter((item) => item.key !== key));
      }
    }
  };

  const remove = async (file: Attachment) => {
    const ok = await confirm({
      title: labels.t('ui.attachment.deleteConfirm'),
      okButtonProps: { danger: true },
    });
    if (!ok) return;
    setBusy(`delete-${file.id}`);
    try {
      const detached = props.detachOnly?.(file.id) ?? false;
      if (!detached) await batchDelete(api, [file.id]);
      const next = current.current.filter((item) => item !== file.id);
      current.current = next;
      onChange?.(joinIds(next));
      void message.success(labels.t(detached ? 'ui.attachment.detached' : 'ui.attachment.deleted'));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const download = async (file: Attachment) => {
    setBusy(`download-${file.id}`);
    try {
      saveFile(await downloadFile(api, file));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const downloadAll = async () => {
    setBusy('zip');
    try {
      saveFile(
        await batchDownload(
          api,
          files.map((file) => file.id),
        ),
      );
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const columns: ColumnType<Attachment>[] = [
    {
      key: 'name',
      title: labels.t('ui.attachment.name'),
      ellipsis: true,
      render: (_value, file) =>
        allowed('preview') && isPreviewable(file.suffixName) ? (
          <Typography.Link
            href="#"
            title={file.originalFileName}
            onClick={(event) => {
              event.preventDefault();
              void preview(file);
            }}
          >
            {file.originalFileName}
          </Typography.Link>
        ) : (
          <span title={file.originalFileName}>{file.originalFileName}</span>
        ),
    },
    {
      key: 'size',
      title: labels.t('ui.attachment.size'),
      width: 90,
      align: 'right',
      render: (_value, file) => formatSize(file.fileSize),
    },
    {
      key: 'uploader',
      title: labels.t('ui.attachment.uploader'),
      width: labels.locale === 'en' ? 130 : 110,
      ellipsis: true,
      render: (_value, file) => file.createdByName ?? '',
    },
    {
      key: 'time',
      title: labels.t('ui.attachment.time'),
      width: 176,
      render: (_value, file) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {file.creationDate ? formatDateTime(file.creationDate) : ''}
        </span>
      ),
    },
    {
      key: 'operation',
      title: labels.t('ui.list.operation'),
      width: labels.locale === 'en' ? 100 : 96,
      render: (_value, file) => (
        <Space size={2}>
          {allowed('preview') && (
            <Tooltip title={labels.t('ui.attachment.preview')}>
              <Button
                type="text"
                size="small"
                aria-label={`${labels.t('ui.attachment.preview')} ${file.originalFileName}`}
                icon={<EyeOutlined />}
                disabled={props.disabledButtons?.includes('preview')}
                onClick={() => void preview(file)}
              />
            </Tooltip>
          )}
          {allowed('download') && (
            <Tooltip title={labels.t('ui.attachment.download')}>
              <Button
                type="text"
                size="small"
                aria-label={`${labels.t('ui.attachment.download')} ${file.originalFileName}`}
                icon={<DownloadOutlined />}
                loading={busy === `download-${file.id}`}
                disabled={props.disabledButtons?.includes('download')}
                onClick={() => void download(file)}
              />
            </Tooltip>
          )}
          {showDelete && (
            <Tooltip title={labels.t('ui.attachment.delete')}>
              <Button
                type="text"
                size="small"
                danger
                aria-label={`${labels.t('ui.attachment.delete')} ${file.originalFileName}`}
                icon={<DeleteOutlined />}
                loading={busy === `delete-${file.id}`}
                disabled={!writable || !enabled('delete')}
                onClick={() => void remove(file)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const full = !canAddMore(ids.length + uploading.length, limits);
  return (
    <div id={id} data-testid="attachment-field" style={{ width: '100%' }}>
      {showUpload && (
        <input
          ref={input}
          type="file"
          multiple
          style={{ display: 'none' }}
          accept={acceptAttribute(limits)}
          data-testid="attachment-input"
          onChange={(event) => {
            const picked = [...(event.target.files ?? [])];
            event.target.value = '';
            void upload(picked);
          }}
        />
      )}
      {(showUpload || files.length > 1) && (
        <Space style={{ marginBottom: 8 }} wrap>
          {showUpload && (
            <Button
              icon={<UploadOutlined />}
              disabled={!writable || !enabled('upload') || full}
              onClick={() => input.current?.click()}
            >
              {labels.t('ui.attachment.upload')}
            </Button>
          )}
          {files.length > 1 && allowed('download') && (
            <Button icon={<FileZipOutlined />} loading={busy === 'zip'} onClick={() => void downloadAll()}>
              {labels.t('ui.attachment.batchDownload')}
            </Button>
          )}
          {limits.accept?.length ? (
            <Typography.Text type="secondary">
              {labels.t('ui.attachment.formats', { formats: limits.accept.join(', ') })}
            </Typography.Text>
          ) : null}
        </Space>
      )}
      {uploading.map((item) => (
        <div key={item.key} data-testid="attachment-progress" style={{ marginBottom: 4 }}>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: '100%' }}>
            {item.large ? labels.t('ui.attachment.uploadingLarge', { name: item.name }) : item.name}
          </Typography.Text>
          <Progress percent={item.percent} size="small" status="active" />
        </div>
      ))}
      {files.length > 0 || listed.isFetching ? (
        <div
          style={{ maxHeight: ATTACHMENT_LIST_MAX_HEIGHT, overflowY: 'auto' }}
          data-testid="attachment-list"
        >
          <Table<Attachment>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={files}
            pagination={false}
            loading={listed.isFetching && !files.length}
            showHeader
            tableLayout="fixed"
          />
        </div>
      ) : (
        readOnly && <Typography.Text type="secondary">{labels.t('ui.attachment.none')}</Typography.Text>
      )}
      {previewElement}
    </div>
  );
}
