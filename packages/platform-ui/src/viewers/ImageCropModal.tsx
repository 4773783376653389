// The image modal of the spec (§2, §4, §9): a titled image browse opened with a file URL whose
// OK action closes it and gives the image cropped to the 180×180 box as a JPEG blob (avatars,
// logos). Closing clears the image.
import { useEffect, useState } from 'react';
import { Modal } from 'antd';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { useLabels } from '../context/labels';
import { type Area, ImageCropper, cropToBlob } from './ImageCropper';

export interface ImageCropModalProps {
  /** The image's URL (a file URL or an object URL); null keeps the modal closed. */
  url: string | null;
  title?: string;
  /** OK: the cropped image, 180×180 JPEG. */
  onOk(blob: Blob): void;
  onCancel(): void;
}

export function ImageCropModal({ url, title, onOk, onCancel }: ImageCropModalProps) {
  const labels = useLabels();
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setRotation(0);
    setArea(null);
  }, [url]);
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
      {url && (
        <ImageCropper
          key={url}
          url={url}
          rotation={rotation}
          onRotationChange={setRotation}
          onAreaChange={setArea}
        />
      )}
    </Modal>
  );
}
