// Read-only display of a value per field kind: amounts with thousands separators at the
// field's precision, dates yyyy-MM-dd, moments yyyy-MM-dd HH:mm:ss, flags as icons, states as
// coloured tags, references by their display value.
import { CheckCircleFilled, MinusCircleFilled, PaperClipOutlined, WarningFilled } from '@ant-design/icons';
import { Popover, Tag, Tooltip, Typography } from 'antd';
import {
  type EntityDef,
  type FieldDef,
  type LookupField,
  SEALED_MASK,
  STATUS_FIELD,
  formatDateTime,
  formatNumber,
  isNumeric,
  refDisplayName,
} from '@srm/kernel';
import { AttachmentField } from '../attachments/AttachmentField';
import { useLabels } from '../context/labels';
import { statusColor } from '../workflow/statusColor';
import { useLookupOptions } from './lookups';
import { richTextPlain } from './richText';
import { RichTextView } from './RichTextInput';

type Row = Readonly<Record<string, unknown>>;

const isBlank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);

export function numberText(field: FieldDef, value: unknown): string {
  if (isBlank(value)) return '';
  if (isNumeric(field)) return formatNumber(value as number, field.precision, field.thousands ?? false);
  if (
    field.kind === 'compute' &&
    (field.as === 'amount' || field.as === 'quantity' || field.as === 'price')
  ) {
    return formatNumber(value as number, field.precision ?? 2, true);
  }
  return String(value);
}

/** Plain text of values that need no lookup (dates, numbers, text). */
export function plainText(field: FieldDef, value: unknown): string {
  if (isBlank(value)) return '';
  if (value === SEALED_MASK) return SEALED_MASK;
  switch (field.kind) {
    case 'number':
    case 'quantity':
    case 'price':
    case 'amount':
      return numberText(field, value);
    case 'datetime':
      return typeof value === 'number' ? formatDateTime(value) : String(value);
    case 'daterange':
      return Array.isArray(value) ? value.join(' ~ ') : String(value);
    case 'datetimerange':
      return Array.isArray(value) ? value.map((ms) => formatDateTime(Number(ms))).join(' ~ ') : String(value);
    case 'compute':
      if (field.as === 'datetime' && typeof value === 'number') return formatDateTime(value);
      return numberText(field, value);
    case 'json':
      // An object of values (a program's parameters) reads as "name: value; …".
      return typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value as Record<string, unknown>)
            .filter(([, item]) => !isBlank(item))
            .map(([key, item]) => `${key}: ${typeof item === 'object' ? JSON.stringify(item) : String(item)}`)
            .join('; ')
        : JSON.stringify(value);
    case 'textarea':
      return field.rich ? richTextPlain(String(value)) : String(value);
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}

function LookupText({ field, value, status }: { field: LookupField; value: unknown; status: boolean }) {
  const lookup = useLookupOptions(field);
  const labels = useLabels();
  if (isBlank(value)) return null;
  if (status) return <Tag color={statusColor(String(value))}>{lookup.label(String(value))}</Tag>;
  const codes = Array.isArray(value) ? value.map(String) : [String(value)];
  return <>{codes.map(lookup.label).join(labels.locale === 'en' ? ', ' : '、')}</>;
}

/** A flag that warns (价格变动超5%): set, an orange warning icon explained by its tooltip. */
export function WarningFlagIcon({ on, warning }: { on: boolean; warning: string }) {
  const labels = useLabels();
  if (!on)
    return (
      <MinusCircleFilled
        style={{ color: '#d9d9d9' }}
        aria-label={labels.t('ui.no')}
        title={labels.t('ui.no')}
      />
    );
  const text = labels.t(warning);
  return (
    <Tooltip title={text}>
      <WarningFilled style={{ color: '#fa8c16' }} aria-label={text} data-flag="warning" />
    </Tooltip>
  );
}

export function FlagIcon({ on }: { on: boolean }) {
  const labels = useLabels();
  return on ? (
    <CheckCircleFilled
      style={{ color: '#52c41a' }}
      aria-label={labels.t('ui.yes')}
      title={labels.t('ui.yes')}
    />
  ) : (
    <MinusCircleFilled
      style={{ color: '#d9d9d9' }}
      aria-label={labels.t('ui.no')}
      title={labels.t('ui.no')}
    />
  );
}

export interface FieldDisplayProps {
  name: string;
  field: FieldDef;
  value: unknown;
  /** The whole row: references show its display property, computed fields compute from it. */
  row?: Row;
  /** A form's read-only field rather than a grid cell: attachments show their list. */
  detail?: boolean;
}

/**
 * A cell's files: their count, which opens their list (preview, download) beside the cell — how
 * a reader gets at a line's files where the grid does not edit them (a contract's signed PDF).
 * Wide enough that a file name (HT202612040003-B.pdf) is read whole beside size, uploader, time
 * and the buttons.
 */
function AttachmentCount({ value }: { value: string }) {
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      destroyOnHidden
      content={
        <div style={{ width: 'min(720px, 90vw)' }} onClick={(event) => event.stopPropagation()}>
          <AttachmentField value={value} readOnly />
        </div>
      }
    >
      <Typography.Link data-testid="attachment-count" onClick={(event) => event.stopPropagation()}>
        <PaperClipOutlined /> {value.split(',').length}
      </Typography.Link>
    </Popover>
  );
}

export function FieldDisplay({ name, field, value, row, detail }: FieldDisplayProps) {
  switch (field.kind) {
    case 'lookup':
      return <LookupText field={field} value={value} status={name === STATUS_FIELD} />;
    case 'checkbox':
      if (isBlank(value)) return null;
      return field.warning ? (
        <WarningFlagIcon on={value === 'Y' || value === true} warning={field.warning} />
      ) : (
        <FlagIcon on={value === 'Y' || value === true} />
      );
    case 'ref': {
      const display = refDisplayName(name, field);
      const text = display && row ? row[display] : undefined;
      return <>{isBlank(text) ? plainText(field, value) : String(text)}</>;
    }
    case 'attachments':
      if (detail) return <AttachmentField value={isBlank(value) ? null : String(value)} readOnly />;
      return isBlank(value) ? null : <AttachmentCount value={String(value)} />;
    case 'compute':
      return <>{plainText(field, row ? field.compute(row) : value)}</>;
    case 'textarea':
      if (field.rich) {
        // A form shows rich text formatted: the server stores it cleaned (allowed tags and styles
        // only, no scripts, event handlers or script URLs), so it is shown as stored. A grid cell
        // or a list keeps to one line: the text without its formatting.
        return detail && !isBlank(value) && value !== SEALED_MASK ? (
          <RichTextView html={String(value)} style={{ flex: 1, minWidth: 0 }} />
        ) : (
          <>{plainText(field, value)}</>
        );
      }
      return <span style={{ whiteSpace: 'pre-wrap' }}>{plainText(field, value)}</span>;
    default:
      return <>{plainText(field, value)}</>;
  }
}

/** A list column that is a reference's display property, not a field. */
export function displayPropertyOwner(entity: EntityDef, property: string): string | undefined {
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind === 'ref' && refDisplayName(name, field) === property) return name;
  }
  return undefined;
}
