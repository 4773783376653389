// The `upload` cell of the grids: the number of attachments as a link that opens the
// attachment widget in a modal (editable while the row is, read-only otherwise).
import { useState } from 'react';
import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { useLabels } from '../context/labels';
import type { GridRow, UploadCellProps } from '../grid/types';
import { AttachmentField } from './AttachmentField';
import { parseIds } from './limits';

export function AttachmentCell<R extends GridRow = GridRow>({
  row,
  value,
  onChange,
  config,
  editing,
}: UploadCellProps<R>) {
  const labels = useLabels();
  const [open, setOpen] = useState(false);
  const count = parseIds(value).length;
  const businessId = config.businessIdKey ? row[config.businessIdKey] : undefined;
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<PaperClipOutlined />}
        aria-label={labels.t('ui.attachment.cell', { count })}
        onClick={() => setOpen(true)}
      >
        {count}
      </Button>
      <Modal
        open={open}
        title={labels.t('ui.attachment.cell', { count })}
        footer={null}
        width={860}
        zIndex={MODAL_Z_INDEX}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <AttachmentField
          value={value}
          onChange={onChange}
          readOnly={!editing || config.disabled}
          limits={{ accept: config.accept, maxCount: config.maxCount }}
          context={{
            path: config.path,
            functionId: config.functionId,
            businessId:
              typeof businessId === 'number' || typeof businessId === 'string' ? businessId : undefined,
            fileDesc: config.fileDesc,
          }}
        />
      </Modal>
    </>
  );
}
