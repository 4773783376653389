// The toolkit gallery: every widget of this package live with sample data, for people choosing
// a widget and for the browser tests (attachments, viewers, validators, the error catalogue).
import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Form, Input, Row, Space, Table, Typography } from 'antd';
import { useLabels } from '../context/labels';
import { AttachmentField } from '../attachments/AttachmentField';
import { ERROR_CATALOGUE, useFeedback, type CatalogueSituation } from '../feedback/feedback';
import { formRules } from '../fields/validatorRules';
import { ImageCropModal } from '../viewers/ImageCropModal';
import { ImageViewer } from '../viewers/ImageViewer';
import { NO_FILE_ID, PdfViewer, assertFileId } from '../viewers/PdfViewer';
import { samplePdf, sampleImage } from './samples';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card size="small" title={title} data-testid={`gallery-${id}`}>
      {children}
    </Card>
  );
}

function AttachmentsSection() {
  const labels = useLabels();
  const [ids, setIds] = useState<string | null>(null);
  const [images, setImages] = useState<string | null>(null);
  const [limited, setLimited] = useState<string | null>(null);
  return (
    <Section id="attachments" title={labels.t('ui.gallery.attachments')}>
      <Row gutter={[24, 16]}>
        <Col xs={24} xl={12}>
          <Typography.Title level={5}>{labels.t('ui.gallery.attachmentsEditable')}</Typography.Title>
          <AttachmentField value={ids} onChange={setIds} context={{ path: 'gallery', fileDesc: 'gallery' }} />
          <Typography.Paragraph
            type="secondary"
            style={{ marginTop: 8 }}
            data-testid="gallery-attachment-value"
          >
            {labels.t('ui.gallery.value', { value: ids ?? '—' })}
          </Typography.Paragraph>
        </Col>
        <Col xs={24} xl={12}>
          <Typography.Title level={5}>{labels.t('ui.gallery.attachmentsReadOnly')}</Typography.Title>
          <AttachmentField value={ids} readOnly />
        </Col>
        <Col xs={24} xl={12}>
          <Typography.Title level={5}>{labels.t('ui.gallery.attachmentsLimited')}</Typography.Title>
          <div data-testid="gallery-limited">
            <AttachmentField
              value={limited}
              onChange={setLimited}
              limits={{ accept: ['pdf', 'docx'], maxCount: 2, maxBytes: 1024 * 1024 }}
            />
          </div>
        </Col>
        <Col xs={24} xl={12}>
          <Typography.Title level={5}>{labels.t('ui.gallery.attachmentsImages')}</Typography.Title>
          <div data-testid="gallery-images">
            <AttachmentField value={images} onChange={setImages} limits={{ imagesOnly: true }} />
          </div>
        </Col>
      </Row>
    </Section>
  );
}

function ViewersSection() {
  const labels = useLabels();
  const feedback = useFeedback();
  const image = useMemo(() => (typeof document === 'undefined' ? '' : sampleImage()), []);
  const [viewing, setViewing] = useState<string | null>(null);
  const [cropping, setCropping] = useState<string | null>(null);
  const [cropped, setCropped] = useState<{ url: string; size: number; type: string } | null>(null);
  const [pdf, setPdf] = useState<number | null>(null);
  const showCropped = (blob: Blob) =>
    setCropped({ url: URL.createObjectURL(blob), size: blob.size, type: blob.type });
  return (
    <Section id="viewers" title={labels.t('ui.gallery.viewers')}>
      <Space wrap>
        <Button onClick={() => setPdf(1)}>{labels.t('ui.gallery.openPdf')}</Button>
        <Button
          onClick={() => {
            try {
              assertFileId(null);
            } catch (error) {
              feedback.error(error as Error);
            }
          }}
        >
          {labels.t('ui.gallery.pdfWithoutId')}
        </Button>
        <Button onClick={() => setViewing(image)}>{labels.t('ui.gallery.openImage')}</Button>
        <Button onClick={() => setCropping(image)}>{labels.t('ui.gallery.cropImage')}</Button>
      </Space>
      {cropped && (
        <div style={{ marginTop: 12 }} data-testid="gallery-cropped">
          <img
            src={cropped.url}
            alt=""
            width={90}
            height={90}
            style={{ borderRadius: 4, border: '1px solid #f0f0f0' }}
          />
          <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
            {labels.t('ui.gallery.cropped', { type: cropped.type, size: cropped.size })}
          </Typography.Text>
        </div>
      )}
      <PdfViewer
        fileId={pdf}
        title="sample.pdf"
        onClose={() => setPdf(null)}
        fetchPdf={async () => ({ blob: samplePdf('SRM toolkit gallery'), fileName: 'sample.pdf' })}
      />
      <ImageViewer url={viewing} title="sample.png" onClose={() => setViewing(null)} onCrop={showCropped} />
      <ImageCropModal
        url={cropping}
        onCancel={() => setCropping(null)}
        onOk={(blob) => {
          setCropping(null);
          showCropped(blob);
        }}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {labels.t('ui.gallery.viewersHint', { error: NO_FILE_ID })}
      </Typography.Paragraph>
    </Section>
  );
}

function ValidatorsSection() {
  const labels = useLabels();
  const rules = formRules(labels);
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const fields: [string, string, ReturnType<typeof rules.integer>][] = [
    ['integer', labels.t('ui.gallery.v.integer'), rules.integer(true)],
    ['quantity', labels.t('ui.gallery.v.quantity'), rules.quantity()],
    ['score', labels.t('ui.gallery.v.score'), rules.score()],
    ['email', labels.t('ui.gallery.v.email'), rules.email()],
    ['mobile', labels.t('ui.gallery.v.mobile'), rules.mobile()],
    ['landline', labels.t('ui.gallery.v.landline'), rules.landline()],
    ['contactPhone', labels.t('ui.gallery.v.contactPhone'), rules.contactPhone()],
    ['text', labels.t('ui.gallery.v.string'), rules.string()],
  ];
  return (
    <Section id="validators" title={labels.t('ui.gallery.validators')}>
      <Form form={form} layout="vertical" data-testid="gallery-validators">
        <Row gutter={16}>
          {fields.map(([name, label, list]) => (
            <Col key={name} xs={24} md={12} xl={6}>
              <Form.Item name={name} label={label} rules={list}>
                <Input placeholder={labels.t('ui.placeholder.input')} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button
          type="primary"
          onClick={() =>
            void form.validateFields().then(
              () => void message.success(labels.t('ui.gallery.valid')),
              () => {},
            )
          }
        >
          {labels.t('ui.gallery.validate')}
        </Button>
      </Form>
    </Section>
  );
}

function CatalogueSection() {
  const labels = useLabels();
  const rows = (Object.keys(ERROR_CATALOGUE) as CatalogueSituation[]).map((situation) => ({
    situation,
    key: ERROR_CATALOGUE[situation],
    text: labels.t(ERROR_CATALOGUE[situation], { formats: 'pdf,docx' }),
  }));
  return (
    <Section id="catalogue" title={labels.t('ui.gallery.catalogue')}>
      <Table
        size="small"
        rowKey="situation"
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'situation', dataIndex: 'situation', title: labels.t('ui.gallery.situation'), width: 260 },
          { key: 'text', dataIndex: 'text', title: labels.t('ui.gallery.text') },
        ]}
      />
    </Section>
  );
}

export function ToolkitGallery() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <AttachmentsSection />
      <ViewersSection />
      <ValidatorsSection />
      <CatalogueSection />
    </div>
  );
}
