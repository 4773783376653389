// Preview of an attachment by its format: images in the image viewer, PDF and Office documents
// in the PDF overlay (Office through the server's conversion), text in a modal; anything else
// gets the spec's message that it cannot be viewed online. Where the user may download the file,
// the image viewer downloads it and crops it: the 180×180 JPEG is downloaded as <name>_裁剪.jpg.
import { type ReactNode, useState } from 'react';
import { App, Modal } from 'antd';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { ImageViewer } from '../viewers/ImageViewer';
import { PdfViewer } from '../viewers/PdfViewer';
import { type Attachment, downloadFile, fileUrl, pdfOf, saveFile } from './fileApi';
import { baseNameOf, previewKind } from './limits';

export interface FilePreviewOptions {
  /** The user may download the files (the viewer's download and crop); yes by default. */
  download?: boolean;
}

export function useFilePreview({ download = true }: FilePreviewOptions = {}): {
  preview(file: Attachment): Promise<void>;
  element: ReactNode;
} {
  const api = useApi();
  const labels = useLabels();
  const { message } = App.useApp();
  const [image, setImage] = useState<{ url: string; file: Attachment } | null>(null);
  const [pdf, setPdf] = useState<Attachment | null>(null);
  const [text, setText] = useState<{ title: string; content: string } | null>(null);

  const fail = (error: unknown) => void message.error((error as Error)?.message ?? String(error));
  const saveCropped = (file: Attachment, blob: Blob) => {
    const fileName = labels.t('ui.viewer.croppedName', { name: baseNameOf(file.originalFileName) });
    saveFile({ blob, fileName });
    void message.success(labels.t('ui.viewer.croppedSaved', { fileName }));
  };

  const preview = async (file: Attachment) => {
    const kind = previewKind(file.suffixName);
    try {
      if (kind === 'none') {
        void message.warning(labels.t('ui.attachment.notPreviewable'));
      } else if (kind === 'image') {
        setImage({ url: await fileUrl(api, file.id), file });
      } else if (kind === 'text') {
        const { blob } = await downloadFile(api, file);
        setText({ title: file.originalFileName, content: await blob.slice(0, 1024 * 1024).text() });
      } else {
        setPdf(file);
      }
    } catch (error) {
      fail(error);
    }
  };

  const element = (
    <>
      <ImageViewer
        url={image?.url ?? null}
        title={image?.file.originalFileName}
        onClose={() => setImage(null)}
        onDownload={
          image && download ? () => void downloadFile(api, image.file).then(saveFile, fail) : undefined
        }
        onCrop={image && download ? (blob) => saveCropped(image.file, blob) : undefined}
      />
      <PdfViewer
        fileId={pdf?.id ?? null}
        title={pdf?.originalFileName}
        onClose={() => setPdf(null)}
        fetchPdf={(id) => pdfOf(api, id)}
        onError={fail}
      />
      <Modal
        open={text !== null}
        title={text?.title}
        footer={null}
        width={820}
        zIndex={MODAL_Z_INDEX}
        onCancel={() => setText(null)}
      >
        <pre style={{ maxHeight: '65vh', overflow: 'auto', whiteSpace: 'pre-wrap', margin: 0 }}>
          {text?.content}
        </pre>
      </Modal>
    </>
  );
  return { preview, element };
}
