// 扫码收货 on the buyer's receipt: a scan box (a hand scanner types the code and Enter) above the
// receipt's lines. Each package barcode of the delivery note is looked up on the server (unknown,
// another note's, already scanned or already received: refused, nothing changes) and its quantity
// is added to the receipt line of its note line — the first package scanned into a line replaces
// the quantity filled in from the note, so a line counted by scanning holds its packages — and the
// barcode is kept on the line. The save and the posting check the packages again on the server.
// A new receipt may start with a scan: the first package names its note, which the receipt takes.
import { useRef, useState } from 'react';
import { BarcodeOutlined } from '@ant-design/icons';
import { Alert, Card, Form, Input, type InputRef, Space, Typography } from 'antd';
import { ApiFailure, LinesCard, type LinesEditorProps, request, useApi, useLabels } from '@srm/platform-ui';
import { scannedBarcodesOf } from './receive-line.entity';

type Row = Record<string, unknown>;

interface ScannedPackage {
  readonly asnHeaderId: number;
  readonly asnNumber: string | null;
  readonly barcode: string;
  readonly asnLineId: number;
  readonly asnLineNum: number;
  readonly packageNum: number;
  readonly packageCount: number;
  readonly poNumber: string | null;
  readonly itemCode: string;
  readonly itemName: string | null;
  readonly quantity: number;
  readonly lotNumber: string | null;
}

const add = (a: unknown, b: number) => Math.round((Number(a ?? 0) + b) * 10000) / 10000;

/** The form's lines (a form value is whatever the form holds: anything else is none). */
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? value : []);

export default function ReceiptScanLines({ entity, form, saved, editable, onChanged }: LinesEditorProps) {
  const api = useApi();
  const labels = useLabels();
  const input = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const asnHeaderId: unknown = Form.useWatch('asnHeaderId', form);
  const receiveType: unknown = Form.useWatch('receiveType', form) ?? saved?.receiveType;
  const line = entity.lines.lines!;
  const scanning = editable && receiveType === 'RECEIVE';
  const lines = rowsOf(Form.useWatch('lines', { form, preserve: true }));
  const scannedCount = lines.reduce((sum, row) => sum + scannedBarcodesOf(row.scannedBarcodes).length, 0);

  const scan = async (raw: string) => {
    const barcode = raw.trim();
    setCode('');
    if (!barcode || busy) return;
    const current = rowsOf(form.getFieldValue('lines'));
    const scanned = current.flatMap((row) => scannedBarcodesOf(row.scannedBarcodes));
    setBusy(true);
    try {
      const answer = await request<ScannedPackage>(api, `${entity.apiPath}/scanBarcode`, {
        asnHeaderId: typeof asnHeaderId === 'number' ? asnHeaderId : null,
        barcode,
        scanned,
        receiveHeaderId: saved?.receiveHeaderId ?? null,
      });
      const pack = answer.data;
      // The first scan of a new receipt chose its note.
      if (typeof asnHeaderId !== 'number')
        form.setFieldsValue({ asnHeaderId: pack.asnHeaderId, asnNumber: pack.asnNumber });
      const index = current.findIndex((row) => Number(row.asnLineId) === pack.asnLineId);
      const next = [...current];
      if (index >= 0) {
        const row = current[index]!;
        const codes = scannedBarcodesOf(row.scannedBarcodes);
        next[index] = {
          ...row,
          quantity: codes.length ? add(row.quantity, pack.quantity) : pack.quantity,
          scannedBarcodes: [...codes, pack.barcode].join(','),
        };
      } else {
        next.push({
          lineNum: current.reduce((max, row) => Math.max(max, Number(row.lineNum ?? 0)), 0) + 1,
          asnLineId: pack.asnLineId,
          asnLineNum: pack.asnLineNum,
          poNumber: pack.poNumber,
          itemCode: pack.itemCode,
          itemName: pack.itemName,
          quantity: pack.quantity,
          rejectedQuantity: 0,
          lotNumber: pack.lotNumber,
          scannedBarcodes: pack.barcode,
        });
      }
      form.setFieldValue('lines', next);
      onChanged();
      setResult({
        ok: true,
        text: labels.t('receiving.scan.added', {
          barcode: pack.barcode,
          package: pack.packageNum,
          count: pack.packageCount,
          quantity: pack.quantity,
          line: pack.asnLineNum,
        }),
      });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      setResult({ ok: false, text: error.message });
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  return (
    <>
      {scanning && (
        <Card size="small" title={labels.t('receiving.scan.label')} data-scan-card>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Input
                ref={input}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                onPressEnter={(event) => {
                  // The scanner's Enter must not submit the form.
                  event.preventDefault();
                  void scan(code);
                }}
                prefix={<BarcodeOutlined />}
                placeholder={labels.t('receiving.scan.placeholder')}
                disabled={busy}
                allowClear
                style={{ width: 480 }}
                aria-label={labels.t('receiving.scan.label')}
                data-scan-input
              />
              <Typography.Text type="secondary">
                {labels.t('receiving.scan.count', { count: scannedCount })}
              </Typography.Text>
            </Space>
            {lines.some((row) => scannedBarcodesOf(row.scannedBarcodes).length) && (
              <Space wrap size={[16, 4]} data-scan-summary>
                {lines
                  .filter((row) => scannedBarcodesOf(row.scannedBarcodes).length)
                  .map((row) => (
                    <Typography.Text key={String(row.asnLineId)}>
                      {labels.t('receiving.scan.lineSummary', {
                        line: Number(row.lineNum),
                        item: String(row.itemName ?? row.itemCode ?? ''),
                        count: scannedBarcodesOf(row.scannedBarcodes).length,
                        quantity: Number(row.quantity ?? 0),
                      })}
                    </Typography.Text>
                  ))}
              </Space>
            )}
            {result && (
              <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.text} data-scan-result />
            )}
          </Space>
        </Card>
      )}
      <LinesCard
        header={entity}
        collection="lines"
        line={line}
        form={form}
        editable={editable}
        onChanged={onChanged}
      />
    </>
  );
}
