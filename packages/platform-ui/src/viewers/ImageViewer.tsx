// The image viewer: a titled modal with zoom, rotation, crop and download (spec §2 "image viewer
// with crop, zoom, rotate and download"). Crop turns the viewer into the spec's image modal: the
// 180×180 box over the image as it is turned, and OK closes the viewer and gives the cropped image
// as a JPEG blob to whoever opened it (§2, §9). Closing it clears the image.
import { useEffect, useState } from 'react';
import {
  DownloadOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ScissorOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Modal, Space, Tooltip, Typography } from 'antd';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { type Area, ImageCropper, cropToBlob, nextRotation } from './ImageCropper';

export interface ImageViewerProps {
  /** The image's URL; null keeps the viewer closed. */
  url: string | null;
  title?: string;
  onClose(): void;
  /** Downloads the original (the attachment's download); hidden when absent. */
  onDownload?: () => void;
  /** Crop's OK: the cropped image, 180×180 JPEG; the viewer closes. Crop is offered only with it. */
  onCrop?: (blob: Blob) => void | Promise<void>;
}

/** Zoom steps of the viewer, from 25 % to 400 %. */
export function nextZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * 0.25) * 100) / 100;
  return Math.min(4, Math.max(0.25, next));
}

export function ImageViewer({ url, title, onClose, onDownload, onCrop }: ImageViewerProps) {
  const labels = useLabels();
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [cropping, setCropping] = useState(false);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setZoom(1);
    setRotation(0);
    setCropping(false);
    setArea(null);
  }, [url]);
  const tool = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <Button aria-label={label} icon={icon} onClick={onClick} />
    </Tooltip>
  );
  const crop = async () => {
    if (!url || !area || !onCrop) return;
    setBusy(true);
    try {
      await onCrop(await cropToBlob(url, area, rotation));
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const footer = cropping ? (
    <Space>
      <Button disabled={busy} onClick={() => setCropping(false)}>
        {labels.t('ui.cancel')}
      </Button>
      <Button type="primary" loading={busy} disabled={!area} onClick={() => void crop()}>
        {labels.t('ui.ok')}
      </Button>
    </Space>
  ) : null;
  return (
    <Modal
      open={url !== null}
      title={title ?? labels.t('ui.viewer.image')}
      onCancel={onClose}
      footer={footer}
      width={900}
      zIndex={MODAL_Z_INDEX}
      destroyOnHidden
      centered
    >
      {cropping && url ? (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {labels.t('ui.viewer.cropHint')}
          </Typography.Paragraph>
          <ImageCropper
            key={url}
            url={url}
            rotation={rotation}
            onRotationChange={setRotation}
            onAreaChange={setArea}
            height="60vh"
          />
        </>
      ) : (
        <>
          <Space style={{ marginBottom: 12 }}>
            {tool(labels.t('ui.viewer.zoomIn'), <ZoomInOutlined />, () =>
              setZoom((value) => nextZoom(value, 1)),
            )}
            {tool(labels.t('ui.viewer.zoomOut'), <ZoomOutOutlined />, () =>
              setZoom((value) => nextZoom(value, -1)),
            )}
            {tool(labels.t('ui.viewer.rotateLeft'), <RotateLeftOutlined />, () =>
              setRotation((value) => nextRotation(value, -1)),
            )}
            {tool(labels.t('ui.viewer.rotateRight'), <RotateRightOutlined />, () =>
              setRotation((value) => nextRotation(value, 1)),
            )}
            {onCrop &&
              tool(labels.t('ui.viewer.crop'), <ScissorOutlined />, () => {
                setArea(null);
                setCropping(true);
              })}
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
        </>
      )}
    </Modal>
  );
}
