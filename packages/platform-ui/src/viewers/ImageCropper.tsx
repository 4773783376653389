// Cropping an image to the spec's box (§9: 180×180, JPEG): the box over the image (react-easy-crop)
// with zoom and quarter turns, and the drawing of what it holds. The image modal and the image
// viewer's crop mode both use it.
import { useCallback, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { RotateLeftOutlined, RotateRightOutlined } from '@ant-design/icons';
import { Button, Slider, Space, Tooltip } from 'antd';
import { IMAGE_CROP_BOX } from '@srm/kernel';
import { useLabels } from '../context/labels';

export type { Area } from 'react-easy-crop';

/** A quarter turn either way, kept within 0–270. */
export function nextRotation(rotation: number, direction: 1 | -1): number {
  return (((rotation + direction * 90) % 360) + 360) % 360;
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

export interface ImageCropperProps {
  /** The image (a file URL or an object URL). Give the cropper a `key` per image: it starts afresh. */
  url: string;
  rotation: number;
  onRotationChange(rotation: number): void;
  /** The area the box holds, in the rotated image's pixels, each time the user stops moving it. */
  onAreaChange(area: Area): void;
  /** Height of the cropping area in pixels. */
  height?: number | string;
}

/** The crop box over the image: drag the image under it, zoom with the slider, turn by 90°. */
export function ImageCropper({
  url,
  rotation,
  onRotationChange,
  onAreaChange,
  height = 360,
}: ImageCropperProps) {
  const labels = useLabels();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const onComplete = useCallback((_area: Area, pixels: Area) => onAreaChange(pixels), [onAreaChange]);
  const turn = (label: string, icon: React.ReactNode, direction: 1 | -1) => (
    <Tooltip title={label}>
      <Button
        aria-label={label}
        icon={icon}
        onClick={() => onRotationChange(nextRotation(rotation, direction))}
      />
    </Tooltip>
  );
  return (
    <>
      <div style={{ position: 'relative', height, background: '#262626' }} data-testid="image-crop">
        <Cropper
          image={url}
          crop={crop}
          zoom={zoom}
          rotation={rotation}
          aspect={IMAGE_CROP_BOX.width / IMAGE_CROP_BOX.height}
          cropSize={{ width: IMAGE_CROP_BOX.width, height: IMAGE_CROP_BOX.height }}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onRotationChange={onRotationChange}
          onCropComplete={onComplete}
        />
      </div>
      <Space style={{ marginTop: 12, width: '100%' }} align="center">
        <span>{labels.t('ui.viewer.zoom')}</span>
        <Slider style={{ width: 240 }} min={1} max={4} step={0.05} value={zoom} onChange={setZoom} />
        {turn(labels.t('ui.viewer.rotateLeft'), <RotateLeftOutlined />, -1)}
        {turn(labels.t('ui.viewer.rotateRight'), <RotateRightOutlined />, 1)}
      </Space>
    </>
  );
}
