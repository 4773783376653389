// Field kinds of an entity definition. Each builder returns a plain description; the server
// derives columns and checks from it, the web derives form items and grid cells. The kinds
// cover the spec's cell types (shell-and-toolkit §2).
import type { ZodType } from 'zod';

/** The `sealed.openedBy` of a secret: no action opens it; server code reads it (plainRow). */
export const NEVER_OPENED = '(never)';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'quantity'
  | 'price'
  | 'amount'
  | 'lookup'
  | 'ref'
  | 'date'
  | 'daterange'
  | 'datetime'
  | 'datetimerange'
  | 'year'
  | 'month'
  | 'time'
  | 'checkbox'
  | 'attachments'
  | 'compute'
  | 'json';

/** Which side of the platform a user is on. */
export type Side = 'internal' | 'supplier';

/** Text formats with the spec's validators (shell-and-toolkit §5). */
export type TextFormat =
  | 'email'
  | 'mobile'
  | 'landline'
  | 'contactPhone'
  | 'integer'
  | 'code'
  | 'creditCode'
  | 'bankAccount'
  | 'swift';

export interface ComputeContext {
  /** Lines of the document being saved, by line-collection name (header computations). */
  lines: Readonly<Record<string, readonly Record<string, unknown>[]>>;
  /** The header, when computing a line field. */
  header?: Readonly<Record<string, unknown>>;
}

export interface FieldCommon<V> {
  readonly kind: FieldKind;
  /** The value must be present on save. */
  readonly required?: boolean;
  /** Value given on create when the client sends none. */
  readonly default?: V | (() => V);
  /**
   * What a new document's form starts with from the person typing it: their full name (a buyer,
   * an applicant) or today's date in the company's time zone. The server does not fill it.
   */
  readonly profileDefault?: 'userFullName' | 'today';
  /**
   * An action's input only: the field of the row acted on that its dialog starts with (终止 asks
   * 已付金额 starting from what the contract has paid); the user may change it.
   */
  readonly startsFrom?: string;
  /** A line's number the grid gives a new or copied line: the highest so far plus `step`. */
  readonly sequence?: { readonly step: number };
  /** Set by the server only (numbering, computed, system fields); a client may not write it. */
  readonly readonly?: boolean;
  /** Unique over the table (a unique index). */
  readonly unique?: boolean;
  /** Gets an index (filters and sorts get one anyway). */
  readonly indexed?: boolean;
  /** Never sent to an external (supplier) user. */
  readonly internalOnly?: boolean;
  /**
   * Stored encrypted and masked on every read path until the named action has run on the
   * row (or on its header, for a line). DESIGN.md §7. `openedBy: NEVER_OPENED` is a secret
   * (an interface's password): encrypted at rest and masked in every answer, for good; only
   * server code reads it.
   */
  readonly sealed?: { readonly openedBy: string };
  /** Stored value computed by the server on every save; a client may not write it. */
  readonly computed?: (row: Readonly<Record<string, unknown>>, context: ComputeContext) => V | null;
  /** States in which this field stays editable although the document is not (e.g. promised dates). */
  readonly editableIn?: readonly string[];
  /**
   * The only states in which this field is editable, whether the document is editable or not: a
   * reviewer's comment only on a submitted reply, never while the supplier still answers it.
   */
  readonly editableOnlyIn?: readonly string[];
  /**
   * Whether the row takes a value in this field at all (an answer's text only on a text
   * question): the grid and the form offer the field only where it applies, and a save refuses
   * a value sent where it does not (400, `entity.fieldNotApplicable`).
   */
  readonly appliesWhen?: (row: Readonly<Record<string, unknown>>) => boolean;
  /**
   * Only the user the row names in this field changes it (an inspector's or a rater's own
   * score, an evaluator's verdict): the grid offers the cell on that user's rows only, and a save
   * changing it on another's row is refused (403, `entity.fieldOthers`).
   */
  readonly writableByUserIn?: string;
  /** Sides allowed to write this field (default: the internal side; supplier-owned rows: both). */
  readonly writableBy?: readonly Side[];
  /** Column name, when it is not the snake_case of the field name. */
  readonly column?: string;
  /** Phantom: the API value type. */
  readonly __value?: V;
}

export interface TextField extends FieldCommon<string> {
  readonly kind: 'text' | 'textarea';
  readonly max: number;
  readonly min?: number;
  readonly format?: TextFormat;
  /**
   * The field holding the same text in English (`billTypeName` → `billTypeNameEn`): a reference
   * displaying this field shows an English reader the English text where there is one.
   */
  readonly english?: string;
  /**
   * A textarea holding rich text (HTML): the form edits it with formatting, the server keeps only
   * allowed formatting at every write (scripts, handlers and script URLs removed), readers show it
   * formatted.
   */
  readonly rich?: boolean;
  /**
   * Server code may keep a message here as its key and parameters (`storedMessage`): every reader
   * reads it in his own language. Other text is read as it was stored.
   */
  readonly message?: boolean;
  /**
   * The web input that edits the value instead of a text box, by the name an area's web part
   * registers it under (`defineAreaScreens(…, { fieldEditors })`): a choice among names the
   * server answers (a document's fields). The server checks the value at save all the same.
   */
  readonly editor?: string;
}

export interface NumberField extends FieldCommon<number> {
  readonly kind: 'number' | 'quantity' | 'price' | 'amount';
  /** Decimal places kept; 0 is an integer. */
  readonly precision: number;
  readonly min?: number;
  readonly max?: number;
  /** Step of the input control (default 1). */
  readonly step?: number;
  /** Display with thousands separators (amounts default to yes). */
  readonly thousands?: boolean;
}

export interface LookupField extends FieldCommon<string | string[]> {
  readonly kind: 'lookup';
  readonly lookupType: string;
  readonly multi?: boolean;
  /** The codes are numbers (the spec's numberFlag). */
  readonly numberFlag?: boolean;
  /** Codes the definition itself knows (validated without the lookup table). */
  readonly codes?: readonly string[];
}

/**
 * Where a picker asks for advice on its options. `bodies` builds the requests from the row being
 * edited and, for a line, its document's values (none: no advice); each request gets the listed
 * options' ids under `ids`. The endpoint answers rows holding the target's key, `verdict` (ALLOW,
 * WARN or BLOCK) and `reasons` ([{ level, text }]); an option takes the worst verdict of all
 * answers. A BLOCK is shown and cannot be picked.
 */
export interface RefAdvice {
  /** The endpoint's path (`/api/srm/v1/…Restful/action`). */
  readonly path: string;
  readonly ids: string;
  readonly bodies: (
    row: Readonly<Record<string, unknown>>,
    document: Readonly<Record<string, unknown>>,
  ) => readonly Readonly<Record<string, unknown>>[];
}

export interface RefField extends FieldCommon<number> {
  readonly kind: 'ref';
  /** Name of the referenced entity. */
  readonly entity: string;
  /** Field of the referenced entity shown instead of the id. */
  readonly display?: string;
  /** Name of the read-only property carrying the display value (default: `xxxName` for `xxxId`). */
  readonly displayAs?: string | false;
  /**
   * Restricts the rows that may be referenced, from the row being edited: the dependent
   * dropdowns of the web and the server's check use the same function.
   */
  readonly filter?: (row: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>;
  /**
   * What the picker offers besides `filter`, not checked at save: the save refuses such a row by
   * its own rule, with its own message (a frozen supplier: the supply check names it).
   */
  readonly offer?: Readonly<Record<string, unknown>>;
  /**
   * Advice the picker shows beside each option it lists (a verdict and why: a supplier that may
   * not be invited for one of the inquiry's materials), asked of an endpoint once per body for
   * the options on screen; the save still decides by its own rule.
   */
  readonly advice?: RefAdvice;
  /**
   * Fields of the row that picking a target fills at once from the target's same-named fields
   * (references with their display values): a receipt's delivery note brings its supplier and
   * organisation, shown before the save. The server still sets them on save by its own rule.
   */
  readonly brings?: readonly string[];
  /**
   * false: holding this reference does not make the target readable (its picker needs the
   * target's own read grant). For references to platform records such as users, whose list and
   * lines (responsibilities, permits) are not for everyone who may name one; a reference to
   * `baseUser` picks from the user directory (internal users; ADR 0024).
   */
  readonly grantsRead?: false;
  /** Delete rule of the foreign key (lines use 'cascade' to their header). */
  readonly onDelete?: 'restrict' | 'cascade' | 'set null';
}

export interface DateField extends FieldCommon<string> {
  readonly kind: 'date' | 'month' | 'time';
}

export interface DateRangeField extends FieldCommon<[string, string]> {
  readonly kind: 'daterange';
}

export interface DateTimeField extends FieldCommon<number> {
  readonly kind: 'datetime' | 'year';
}

export interface DateTimeRangeField extends FieldCommon<[number, number]> {
  readonly kind: 'datetimerange';
}

export type CheckboxValues = 'YN' | 'boolean';

export interface CheckboxField extends FieldCommon<string | boolean> {
  readonly kind: 'checkbox';
  readonly values: CheckboxValues;
  /**
   * The flag raises a warning (价格变动超5%): when set it shows as a warning icon with this
   * label key's text as its tooltip, never as a tick of approval.
   */
  readonly warning?: string;
}

export interface AttachmentsField extends FieldCommon<string> {
  readonly kind: 'attachments';
  readonly maxCount: number;
  /** Allowed extensions, lower case without dot; empty means any. */
  readonly accept?: readonly string[];
}

export interface ComputeField extends FieldCommon<unknown> {
  readonly kind: 'compute';
  /** Shape of the value, for display. */
  readonly as: 'text' | 'number' | 'amount' | 'quantity' | 'price' | 'date' | 'datetime';
  readonly precision?: number;
  /** Computed on every read; never stored. */
  readonly compute: (row: Readonly<Record<string, unknown>>) => unknown;
}

export interface JsonField extends FieldCommon<unknown> {
  readonly kind: 'json';
  readonly schema?: ZodType;
  /**
   * The web input that edits the value, by the name an area's web part registers it under
   * (`defineAreaScreens(…, { fieldEditors })`): a program's parameter values. Without one the
   * value is shown, and set through the API only.
   */
  readonly editor?: string;
}

export type FieldDef =
  | TextField
  | NumberField
  | LookupField
  | RefField
  | DateField
  | DateRangeField
  | DateTimeField
  | DateTimeRangeField
  | CheckboxField
  | AttachmentsField
  | ComputeField
  | JsonField;

type Options<F extends FieldDef> = Omit<Partial<F>, 'kind' | '__value'>;

// Each builder keeps its options' literal types (`required: true`, `display: 'supplierName'`), so
// rows and inputs typed from a definition know which fields are required and which display
// properties a reference adds (RowOf, InputOf).

export function text<const O extends Options<TextField> = Record<never, never>>(
  options: O = {} as O,
): TextField & O {
  return { max: 240, ...options, kind: 'text' } as TextField & O;
}

export function textarea<const O extends Options<TextField> = Record<never, never>>(
  options: O = {} as O,
): TextField & O {
  return { max: 4000, ...options, kind: 'textarea' } as TextField & O;
}

export function number<const O extends Options<NumberField> = Record<never, never>>(
  options: O = {} as O,
): NumberField & O {
  return { precision: 0, ...options, kind: 'number' } as NumberField & O;
}

export function quantity<const O extends Options<NumberField> = Record<never, never>>(
  options: O = {} as O,
): NumberField & O {
  return { precision: 4, thousands: true, ...options, kind: 'quantity' } as NumberField & O;
}

export function price<const O extends Options<NumberField> = Record<never, never>>(
  options: O = {} as O,
): NumberField & O {
  return { precision: 6, thousands: true, ...options, kind: 'price' } as NumberField & O;
}

export function amount<const O extends Options<NumberField> = Record<never, never>>(
  options: O = {} as O,
): NumberField & O {
  return { precision: 2, thousands: true, ...options, kind: 'amount' } as NumberField & O;
}

export function lookup<const O extends Options<LookupField> = Record<never, never>>(
  lookupType: string,
  options: O = {} as O,
): LookupField & O {
  return { ...options, lookupType, kind: 'lookup' } as LookupField & O;
}

export function ref<const O extends Options<RefField> = Record<never, never>>(
  entity: string,
  options: O = {} as O,
): RefField & O {
  return { ...options, entity, kind: 'ref' } as RefField & O;
}

export function date<const O extends Options<DateField> = Record<never, never>>(
  options: O = {} as O,
): DateField & O {
  return { ...options, kind: 'date' } as DateField & O;
}

export function month<const O extends Options<DateField> = Record<never, never>>(
  options: O = {} as O,
): DateField & O {
  return { ...options, kind: 'month' } as DateField & O;
}

export function time<const O extends Options<DateField> = Record<never, never>>(
  options: O = {} as O,
): DateField & O {
  return { ...options, kind: 'time' } as DateField & O;
}

export function daterange<const O extends Options<DateRangeField> = Record<never, never>>(
  options: O = {} as O,
): DateRangeField & O {
  return { ...options, kind: 'daterange' } as DateRangeField & O;
}

export function datetime<const O extends Options<DateTimeField> = Record<never, never>>(
  options: O = {} as O,
): DateTimeField & O {
  return { ...options, kind: 'datetime' } as DateTimeField & O;
}

export function year<const O extends Options<DateTimeField> = Record<never, never>>(
  options: O = {} as O,
): DateTimeField & O {
  return { ...options, kind: 'year' } as DateTimeField & O;
}

export function datetimerange<const O extends Options<DateTimeRangeField> = Record<never, never>>(
  options: O = {} as O,
): DateTimeRangeField & O {
  return { ...options, kind: 'datetimerange' } as DateTimeRangeField & O;
}

export function checkbox<const O extends Options<CheckboxField> = Record<never, never>>(
  options: O = {} as O,
): CheckboxField & O {
  const values = options.values ?? 'YN';
  return { default: values === 'YN' ? 'N' : false, ...options, values, kind: 'checkbox' } as CheckboxField &
    O;
}

export function attachments<const O extends Options<AttachmentsField> = Record<never, never>>(
  options: O = {} as O,
): AttachmentsField & O {
  return { maxCount: 999, ...options, kind: 'attachments' } as AttachmentsField & O;
}

export function compute(
  as: ComputeField['as'],
  fn: (row: Readonly<Record<string, unknown>>) => unknown,
  options: Omit<Options<ComputeField>, 'as' | 'compute'> = {},
): ComputeField {
  return { ...options, as, compute: fn, readonly: true, kind: 'compute' };
}

export function json<const O extends Options<JsonField> = Record<never, never>>(
  options: O = {} as O,
): JsonField & O {
  return { ...options, kind: 'json' } as JsonField & O;
}

/**
 * API value type of a field: a multi lookup is a list of codes, a Y/N checkbox 'Y' | 'N', a
 * boolean checkbox a boolean; otherwise the kind's value.
 */
export type ValueOf<F> = F extends { readonly kind: 'lookup'; readonly multi: true }
  ? string[]
  : F extends { readonly kind: 'lookup' }
    ? string
    : F extends { readonly kind: 'checkbox'; readonly values: 'boolean' }
      ? boolean
      : F extends { readonly kind: 'checkbox' }
        ? 'Y' | 'N'
        : F extends FieldCommon<infer V>
          ? V
          : never;

/** Fields stored in a column (all but `compute`). */
export function isStored(field: FieldDef): boolean {
  return field.kind !== 'compute';
}

/** A text field that may keep a message (`message: true`), read in each reader's language. */
export function keepsMessage(field: FieldDef | undefined): boolean {
  return (field?.kind === 'text' || field?.kind === 'textarea') && field.message === true;
}

export function isNumeric(field: FieldDef): field is NumberField {
  return (
    field.kind === 'number' || field.kind === 'quantity' || field.kind === 'price' || field.kind === 'amount'
  );
}

/** A text field's English counterpart (its `english` option), when there is one. */
export function englishField(fields: Readonly<Record<string, FieldDef>>, name: string): string | undefined {
  const field = fields[name];
  return field && (field.kind === 'text' || field.kind === 'textarea') ? field.english : undefined;
}

/** A row's text in the reader's language: the English counterpart for `en` where it holds one. */
export function textIn(
  locale: string,
  fields: Readonly<Record<string, FieldDef>>,
  row: Readonly<Record<string, unknown>>,
  name: string,
): unknown {
  const english = locale === 'en' ? englishField(fields, name) : undefined;
  const translated = english ? row[english] : undefined;
  return translated !== null && translated !== undefined && translated !== '' ? translated : row[name];
}

/** Name of the read-only display property of a ref field, or null. */
export function refDisplayName(name: string, field: RefField): string | null {
  if (!field.display || field.displayAs === false) return null;
  if (field.displayAs) return field.displayAs;
  return name.endsWith('Id') ? `${name.slice(0, -2)}Name` : `${name}Name`;
}
