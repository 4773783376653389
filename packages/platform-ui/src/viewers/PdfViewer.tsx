// The PDF preview overlay (spec §2, §4): a full-page frame over the page body with a close
// icon, hidden until a file id is given and shown once the file is fetched; pages drawn with
// pdf.js. A fetch failure is silently ignored unless the caller asks to hear it (onError). A
// signed PDF comes byte for byte with the watermark its reader must see (`overlay`): it is laid
// over each page on screen, never drawn into the file (the download stays the signed file).
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CloseOutlined, DownloadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Space, Spin, Tooltip, Typography } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { MODAL_Z_INDEX } from '@srm/kernel';
import { type ScreenWatermark, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { pdfOf, saveFile } from '../attachments/fileApi';

/** The developer error of a preview without a file id (spec §5, §8). */
export const NO_FILE_ID = 'no file ID information to preview';

/** Throws the spec's error when a preview is asked without a file id. */
export function assertFileId(fileId: unknown): asserts fileId is number | string {
  if (fileId === null || fileId === undefined || fileId === '') throw new Error(NO_FILE_ID);
}

type PdfDocument = PDFDocumentProxy;

async function openPdf(data: ArrayBuffer): Promise<PdfDocument> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({ data: new Uint8Array(data) }).promise;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

/**
 * The watermark's tile (or the whole page, untiled) as an SVG data URL for a CSS background; its
 * image, given as a data URL (an SVG shown as an image loads nothing else), above the text.
 */
export function watermarkTile(
  mark: ScreenWatermark,
  scale: number,
  image?: { url: string; width: number; height: number },
): { url: string; size: string } {
  const font = mark.fontSize * scale;
  const imageWidth = image ? (mark.imageWidth ?? 60) * scale : 0;
  const imageHeight = image ? (imageWidth * image.height) / image.width : 0;
  const width = Math.max(120, Math.round(Math.max(font * mark.text.length * 1.1, imageWidth) + font * 4));
  const height = Math.max(80, Math.round(width * 0.6 + imageHeight));
  const [cx, cy] = [width / 2, height / 2 + imageHeight / 2];
  const picture = image
    ? `<image href="${escapeXml(image.url)}" x="${cx - imageWidth / 2}" y="${cy - font * 0.8 - imageHeight}" ` +
      `width="${imageWidth}" height="${imageHeight}" opacity="${mark.opacity}"/>`
    : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<g transform="rotate(${-mark.angle} ${cx} ${cy})">${picture}` +
    `<text x="${cx}" y="${cy}" fill="#000" fill-opacity="${mark.opacity}" font-size="${font}" ` +
    `font-family="sans-serif" text-anchor="middle" dominant-baseline="middle">${escapeXml(mark.text)}</text>` +
    `</g></svg>`;
  return {
    url: `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`,
    size: `${width}px ${height}px`,
  };
}

type OverlayImage = { url: string; width: number; height: number };

/**
 * The overlay's image as a data URL with its natural size; undefined without one or when it
 * cannot be had (the text is laid over the pages all the same).
 */
async function overlayImageOf(mark: ScreenWatermark | undefined): Promise<OverlayImage | undefined> {
  if (!mark?.image) return undefined;
  try {
    const response = await fetch(mark.image);
    if (!response.ok) return undefined;
    const blob = await response.blob();
    const url = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsDataURL(blob);
    });
    const size = await new Promise<{ width: number; height: number }>((resolve, reject) => {
      const picture = new Image();
      picture.onload = () => resolve({ width: picture.naturalWidth, height: picture.naturalHeight });
      picture.onerror = () => reject(new Error('not an image'));
      picture.src = url;
    });
    return size.width && size.height ? { url, ...size } : undefined;
  } catch {
    return undefined;
  }
}

function PdfPage({
  document: pdf,
  number,
  scale,
  overlay,
  overlayImage,
}: {
  document: PdfDocument;
  number: number;
  scale: number;
  overlay?: ScreenWatermark | undefined;
  overlayImage?: OverlayImage | undefined;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    void pdf.getPage(number).then((page) => {
      const target = canvas.current;
      if (cancelled || !target) return;
      const ratio = globalThis.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * ratio });
      target.width = viewport.width;
      target.height = viewport.height;
      target.style.width = `${viewport.width / ratio}px`;
      target.style.height = `${viewport.height / ratio}px`;
      task = page.render({ canvas: target, canvasContext: target.getContext('2d')!, viewport });
      task.promise.catch(() => {});
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, number, scale]);
  const page = (
    <canvas
      ref={canvas}
      data-testid="pdf-page"
      style={{
        display: 'block',
        margin: '0 auto 12px',
        boxShadow: '0 1px 6px rgba(0,0,0,.35)',
        background: '#fff',
      }}
    />
  );
  if (!overlay) return page;
  const tile = watermarkTile(overlay, scale, overlayImage);
  return (
    <div style={{ position: 'relative', width: 'fit-content', margin: '0 auto' }}>
      {page}
      <div
        data-testid="pdf-watermark"
        aria-hidden
        style={{
          position: 'absolute',
          inset: '0 0 12px 0',
          pointerEvents: 'none',
          backgroundImage: tile.url,
          backgroundRepeat: overlay.tiled ? 'repeat' : 'no-repeat',
          backgroundPosition: overlay.tiled ? '0 0' : 'center',
          backgroundSize: tile.size,
        }}
      />
    </div>
  );
}

export interface PdfViewerProps {
  /** The file to show; null keeps the overlay hidden. */
  fileId: number | null;
  /** Title over the pages (the file's name). */
  title?: string;
  onClose(): void;
  /** Fetches the PDF (default: the server's PDF rendering of the file). */
  fetchPdf?: (fileId: number) => Promise<{ blob: Blob; fileName: string; overlay?: ScreenWatermark }>;
  /** Hears a fetch failure; without it the failure is silently ignored, as the spec says. */
  onError?: (error: Error) => void;
}

export function PdfViewer({ fileId, title, onClose, fetchPdf, onError }: PdfViewerProps) {
  const api = useApi();
  const labels = useLabels();
  const [loaded, setLoaded] = useState<{
    id: number;
    pdf: PdfDocument;
    file: { blob: Blob; fileName: string; overlay?: ScreenWatermark };
    overlayImage?: OverlayImage | undefined;
  } | null>(null);
  const [scale, setScale] = useState(1.2);
  const fetcher = useRef(fetchPdf);
  fetcher.current = fetchPdf;
  const errorSink = useRef(onError);
  errorSink.current = onError;

  useEffect(() => {
    if (fileId === null) {
      setLoaded(null);
      return;
    }
    let cancelled = false;
    let opened: PdfDocument | null = null;
    void (async () => {
      try {
        const file = await (fetcher.current ? fetcher.current(fileId) : pdfOf(api, fileId));
        const pdf = await openPdf(await file.blob.arrayBuffer());
        opened = pdf;
        const overlayImage = await overlayImageOf(file.overlay);
        if (cancelled) return void pdf.destroy();
        setLoaded({ id: fileId, pdf, file, overlayImage });
      } catch (error) {
        if (!cancelled) {
          errorSink.current?.(error as Error);
          if (errorSink.current) onClose();
        }
      }
    })();
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
    // A new file id is what reloads; the callbacks are read through refs.
  }, [fileId, api]);

  if (fileId === null) return null;
  const ready = loaded && loaded.id === fileId ? loaded : null;
  return createPortal(
    <div
      role="dialog"
      aria-label={title ?? labels.t('ui.viewer.pdf')}
      data-testid="pdf-viewer"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: MODAL_Z_INDEX,
        background: 'rgba(38, 38, 38, 0.92)',
        display: ready ? 'flex' : 'none',
        flexDirection: 'column',
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '8px 16px',
          background: '#1f1f1f',
          color: '#fff',
        }}
      >
        <Typography.Text strong ellipsis style={{ color: '#fff', flex: 1 }}>
          {title ?? ready?.file.fileName}
          {ready && (
            <Typography.Text style={{ color: '#bfbfbf', marginLeft: 12, fontWeight: 'normal' }}>
              {labels.t('ui.viewer.pages', { count: ready.pdf.numPages })}
            </Typography.Text>
          )}
        </Typography.Text>
        <Space>
          <Tooltip title={labels.t('ui.viewer.zoomOut')}>
            <Button
              type="text"
              aria-label={labels.t('ui.viewer.zoomOut')}
              icon={<ZoomOutOutlined style={{ color: '#fff' }} />}
              onClick={() => setScale((value) => Math.max(0.4, value - 0.2))}
            />
          </Tooltip>
          <Typography.Text style={{ color: '#fff', minWidth: 44, textAlign: 'center' }}>
            {Math.round(scale * 100)}%
          </Typography.Text>
          <Tooltip title={labels.t('ui.viewer.zoomIn')}>
            <Button
              type="text"
              aria-label={labels.t('ui.viewer.zoomIn')}
              icon={<ZoomInOutlined style={{ color: '#fff' }} />}
              onClick={() => setScale((value) => Math.min(4, value + 0.2))}
            />
          </Tooltip>
          {ready && (
            <Tooltip title={labels.t('ui.attachment.download')}>
              <Button
                type="text"
                aria-label={labels.t('ui.attachment.download')}
                icon={<DownloadOutlined style={{ color: '#fff' }} />}
                onClick={() => saveFile(ready.file)}
              />
            </Tooltip>
          )}
          <Tooltip title={labels.t('ui.viewer.close')}>
            <Button
              type="text"
              aria-label={labels.t('ui.viewer.close')}
              icon={<CloseOutlined style={{ color: '#fff', fontSize: 18 }} />}
              onClick={onClose}
            />
          </Tooltip>
        </Space>
      </div>
      <div style={{ flex: 1, overflow: 'auto', padding: 16 }}>
        {ready ? (
          Array.from({ length: ready.pdf.numPages }, (_, index) => (
            <PdfPage
              key={index}
              document={ready.pdf}
              number={index + 1}
              scale={scale}
              overlay={ready.file.overlay}
              overlayImage={ready.overlayImage}
            />
          ))
        ) : (
          <Spin />
        )}
      </div>
    </div>,
    document.body,
  );
}
