// The image modal of the spec (§2, §4, §9): a titled image browse opened with a file URL whose
// OK action closes it and gives the image cropped to the 180×180 box as a JPEG blob (avatars,
// logos). Closing clears the image.
import { useCallback, useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { RotateLeftOutlined, RotateRightOutlined } from '@ant-design/icons';
import { Button, Modal, Slider, Space, Tooltip } from 'antd';
import { IMAGE_CROP_BOX, MODAL_Z_INDEX } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { nextRotation } from './ImageViewer';

export interface ImageCropModalProps {
  /** The image's URL (a file URL or an object URL); null keeps the modal closed. */
  url: string | null;
  title?: string;
  /** OK: the cropped image, 180×180 JPEG. */
  onOk(blob: Blob): void;
  onCancel(): void;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image failed to load'));
    image.src = url;
  });
}

/** Draws the chosen area of the image, rotated, into the crop box and encodes it as JPEG. */
export async function cropToBlob(url: string, area: Area, rotation: number): Promise<Blob> {
  const image = await loadImage(url);
  // Rotate the whole image first (react-easy-crop's area is in the rotated image's space).
  const radians = (rotation * Math.PI) / 180;
  const sin = Math.abs(Math.sin(radians));
  const cos = Math.abs(Math.cos(radians));
  const width = image.naturalWidth * cos + image.naturalHeight * sin;
  const height = image.naturalWidth * sin + image.naturalHeight * cos;
  const rotated = document.createElement('canvas');
  rotated.width = Math.round(width);
  rotated.height = Math.round(height);
  const context = rotated.getContext('2d')!;
  context.translate(width / 2, height / 2);
  context.rotate(radians);
  context.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
  const out = document.createElement('canvas');
  out.width = IMAGE_CROP_BOX.width;
  out.height = IMAGE_CROP_BOX.height;
  const target = out.getContext('2d')!;
  target.fillStyle = '#fff';
  target.fillRect(0, 0, out.width, out.height);
  target.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, out.width, out.height);
  return new Promise((resolve, reject) =>
    out.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('crop failed'))),
      IMAGE_CROP_BOX.type,
      0.92,
    ),
  );
}

export function ImageCropModal({ url, title, onOk, onCancel }: ImageCropModalProps) {
  const labels = useLabels();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setRotation(0);
    setArea(null);
  }, [url]);
  const onComplete = useCallback((_area: Area, pixels: Area) => setArea(pixels), []);
  const ok = async () => {
    if (!url || !area) return;
    setBusy(true);
    try {
      onOk(await cropToBlob(url, area, rotation));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={url !== null}
      title={title ?? labels.t('ui.viewer.crop')}
      onCancel={onCancel}
      onOk={() => void ok()}
      okButtonProps={{ loading: busy, disabled: !area }}
      okText={labels.t('ui.ok')}
      cancelText={labels.t('ui.cancel')}
      zIndex={MODAL_Z_INDEX}
      width={560}
      destroyOnHidden
    >
      <div style={{ position: 'relative', height: 360, background: '#262626' }} data-testid="image-crop">
        {url && (
          <Cropper
            image={url}
            crop={crop}
            zoom={zoom}
            rotation={rotation}
            aspect={IMAGE_CROP_BOX.width / IMAGE_CROP_BOX.height}
            cropSize={{ width: IMAGE_CROP_BOX.width, height: IMAGE_CROP_BOX.height }}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onRotationChange={setRotation}
            onCropComplete={onComplete}
          />
        )}
      </div>
      <Space style={{ marginTop: 12, width: '100%' }} align="center">
        <span>{labels.t('ui.viewer.zoom')}</span>
        <Slider
          style={{ width: 240 }}
          min={1}
          max={4}
          step={0.05}
          value={zoom}
          onChange={(value) => setZoom(value)}
        />
        <Tooltip title={labels.t('ui.viewer.rotateLeft')}>
          <Button
            aria-label={labels.t('ui.viewer.rotateLeft')}
            icon={<RotateLeftOutlined />}
            onClick={() => setRotation((value) => nextRotation(value, -1))}
          />
        </Tooltip>
        <Tooltip title={labels.t('ui.viewer.rotateRight')}>
          <Button
            aria-label={labels.t('ui.viewer.rotateRight')}
            icon={<RotateRightOutlined />}
            onClick={() => setRotation((value) => nextRotation(value, 1))}
          />
        </Tooltip>
      </Space>
    </Modal>
  );
}
