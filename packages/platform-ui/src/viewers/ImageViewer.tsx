// The image viewer: a titled modal with zoom, rotation and download (spec §2 "image viewer with
// crop, zoom, rotate and download"). Closing it clears the image.
import { useEffect, useState } from 'react';
import {
  DownloadOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Modal, Space, Tooltip } from 'antd';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { useLabels } from '../context/labels';

export interface ImageViewerProps {
  /** The image's URL; null keeps the viewer closed. */
  url: string | null;
  title?: string;
  onClose(): void;
  /** Downloads the original (the attachment's download); hidden when absent. */
  onDownload?: () => void;
}

/** Zoom steps of the viewer, and a rotation kept within 0–270. */
export function nextZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * 0.25) * 100) / 100;
  return Math.min(4, Math.max(0.25, next));
}

export function nextRotation(rotation: number, direction: 1 | -1): number {
  return (((rotation + direction * 90) % 360) + 360) % 360;
}

export function ImageViewer({ url, title, onClose, onDownload }: ImageViewerProps) {
  const labels = useLabels();
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  useEffect(() => {
    setZoom(1);
    setRotation(0);
  }, [url]);
  const tool = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <Button aria-label={label} icon={icon} onClick={onClick} />
    </Tooltip>
  );
  return (
    <Modal
      open={url !== null}
      title={title ?? labels.t('ui.viewer.image')}
      onCancel={onClose}
      footer={null}
      width={900}
      zIndex={MODAL_Z_INDEX}
      destroyOnHidden
      centered
    >
      <Space style={{ marginBottom: 12 }}>
        {tool(labels.t('ui.viewer.zoomIn'), <ZoomInOutlined />, () => setZoom((value) => nextZoom(value, 1)))}
        {tool(labels.t('ui.viewer.zoomOut'), <ZoomOutOutlined />, () =>
          setZoom((value) => nextZoom(value, -1)),
        )}
        {tool(labels.t('ui.viewer.rotateLeft'), <RotateLeftOutlined />, () =>
          setRotation((value) => nextRotation(value, -1)),
        )}
        {tool(labels.t('ui.viewer.rotateRight'), <RotateRightOutlined />, () =>
          setRotation((value) => nextRotation(value, 1)),
        )}
        {onDownload && tool(labels.t('ui.attachment.download'), <DownloadOutlined />, onDownload)}
        <span style={{ color: '#8c8c8c' }}>{Math.round(zoom * 100)}%</span>
      </Space>
      <div
        style={{
          height: '65vh',
          overflow: 'auto',
          background: '#f5f5f5',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {url && (
          <img
            src={url}
            alt={title ?? ''}
            data-testid="image-viewer-image"
            data-rotation={rotation}
            data-zoom={zoom}
            style={{
              maxWidth: '100%',
              maxHeight: '100%',
              transform: `scale(${zoom}) rotate(${rotation}deg)`,
              transition: 'transform .2s',
            }}
          />
        )}
      </div>
    </Modal>
  );
}
