// defineEntity: the one declaration of a business object. Isomorphic: the server derives its
// table, migration, validation, API, workflow and audit from it; the web its screens.
import {
  type FieldDef,
  type LookupField,
  type NumberField,
  type RefField,
  type Side,
  type ValueOf,
  datetime,
  lookup,
  number,
  ref,
} from './fields';
import type { InputSpec } from './input';

/** Services of DESIGN.md §6 that hold entities. */
export type EntityService = 'base' | 'srm' | 'bpm' | 'message' | 'schedule' | 'report' | 'intf' | 'file';

export type FilterOp = 'eq' | 'contains' | 'in' | 'range' | 'prefix';
export type FilterSpec = string | { readonly field: string; readonly op: FilterOp };

export interface SortSpec {
  readonly field: string;
  readonly order: 'asc' | 'desc';
}

export interface ListConfig {
  /** Default grid columns, in order. */
  readonly columns: readonly string[];
  /** Search-form filters; each gets an index. The first few show in one row. */
  readonly filters?: readonly FilterSpec[];
  /** Default order (the key descending when absent). */
  readonly sort?: readonly SortSpec[];
  /** Fields a client may sort on (the default sort, filters and the key always may). */
  readonly sortable?: readonly string[];
  /** Summed in the 合计 row. */
  readonly summary?: readonly string[];
  /** Cells merged across rows with equal values. */
  readonly rowSpan?: readonly string[];
  /** Fields identifying a row for cross-page selection (the key by default). */
  readonly keyFields?: readonly string[];
  /**
   * Text fields a picker's keyword matches (any of them contains it) and shows beside each
   * option, code before name: `['itemCode', 'itemName']`; a reference's display value too
   * (`poNumber` of an order line: matched in the order). Default: `searchFields` derives them.
   */
  readonly search?: readonly string[];
  /**
   * What a picker's option shows after its value, when the search fields do not tell rows apart
   * (read properties included): `['poNumber', 'lineNum', 'itemCode', 'itemName', 'quantity']`.
   */
  readonly pick?: readonly string[];
  /**
   * Keyset ("seek") paging for long lists (logs): each full page answers `nextKey`, the key of its
   * last row, and a request with `afterKey` reads the rows after that row in the list's order
   * through the index instead of skipping an offset, so the thousandth page costs what the first
   * does. The grids use it when the next page is asked for; a jump to a page goes by offset.
   */
  readonly seek?: boolean;
}

export interface FormSection {
  /** Locale key suffix: `section.<key>` or `<entity>.section.<key>`. */
  readonly key: string;
  readonly fields: readonly string[];
}

export interface FormConfig {
  readonly sections: readonly FormSection[];
  /** Columns of the header form (2 or 3). */
  readonly columns?: 2 | 3;
}

export interface NumberingRule {
  /** The text field receiving the number. */
  readonly field: string;
  /**
   * Literal text with `{yyyy}`, `{yy}`, `{MM}`, `{dd}` (or joined: `{yyyyMMdd}`) and a sequence
   * `{####}` whose width is the number of `#`. The period of the sequence is the date part.
   */
  readonly pattern: string;
  /** A field of the row whose value keeps a separate sequence (an organisation, usually). */
  readonly scope?: string;
  /**
   * The numbers may have gaps (rows the platform writes for itself, a request of a background
   * program): each is taken and committed on its own, so concurrent saves do not queue on the
   * sequence until each commits, and a rolled-back save leaves its number unused. Without it a
   * document's number is taken in its transaction: no gaps, one save at a time per sequence.
   */
  readonly gaps?: boolean;
}

export type ActionInput = 'comment' | 'date';

export interface WorkflowAction {
  /** States the action may start from. */
  readonly from: readonly string[];
  /** State after the action; absent when the action does not change the state. */
  readonly to?: string;
  /**
   * Instead of `to`: returns the document to the state it was in before it entered its current
   * one (a rejected void request puts a contract back where it was: approved, in confirmation or
   * in signing), as its audit trail tells.
   */
  readonly back?: boolean;
  /** Which side may call it (default internal). */
  readonly side?: Side | 'both';
  /** Inputs the caller must give. */
  readonly needs?: readonly ActionInput[];
  /** Approval process key: the action starts an approval and the document waits (bpm). */
  readonly approval?: string;
  /**
   * With `approval`: the actions the engine fires when that process ends, where they are not
   * doApproval and doReject (a second process on the same document: an award's engineer
   * sign-off fires doEngineerAwardApproval / doEngineerAwardReject). A withdrawal fires `rejected`.
   */
  readonly outcomes?: { readonly approved: string; readonly rejected: string };
  /** Fired by the platform only (the approval engine, another action); refused over HTTP. */
  readonly system?: boolean;
  /** Asks for confirmation in the UI. */
  readonly confirm?: boolean;
  /**
   * The action hands its work to a background job (定稿's conversion): the UI says it has
   * started rather than that it is done; the job tells the user how it ended.
   */
  readonly startsJob?: boolean;
  /** Shown in red in the UI. */
  readonly danger?: boolean;
  /** Resource (button) code checked by the access policy; the action name by default. */
  readonly resource?: string;
  /**
   * Inputs beyond comment and date (the supplier's answer per line when confirming an order),
   * checked like an endpoint's and handed typed to the action's guard and side effect.
   */
  readonly input?: InputSpec;
  /**
   * The screens offer the action only on rows this accepts (a notice whose type needs approval
   * shows 提交审批, the others 发布); the server's guards still decide.
   */
  readonly offeredWhen?: (row: Readonly<Record<string, unknown>>) => boolean;
}

export interface WorkflowDef<A extends string = string> {
  readonly states: readonly string[];
  readonly initial: string;
  /** States in which the document may be saved and its lines edited. */
  readonly editableIn: readonly string[];
  /** States in which the document may be deleted (default: editableIn). */
  readonly deletableIn?: readonly string[];
  readonly actions: { readonly [N in A]: WorkflowAction };
  /** Lookup type of the state labels (default DOC_STATUS). */
  readonly statusLookup?: string;
}

export interface RuleIssue {
  /** The field the issue is about, when there is one. */
  readonly field?: string;
  /** Message key (area or kernel locales). */
  readonly message: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** A cross-field rule: a typed function, never a string (STYLE.md). */
export type Rule = (
  row: Readonly<Record<string, unknown>>,
  context: { lines: Readonly<Record<string, readonly Record<string, unknown>[]>> },
) => RuleIssue | readonly RuleIssue[] | null | undefined;

/**
 * The workflow as a definition keeps it: states as plain strings (code asks `editableIn.includes(status)`),
 * the actions with their literal declarations (their inputs type the action's handlers).
 */
export type WorkflowOf<W extends WorkflowDef> = Omit<WorkflowDef, 'actions'> & {
  readonly actions: W['actions'];
};

/** Line collections of a header, by property name. */
export interface LineCollections {
  readonly [collection: string]: AnyEntity;
}

export interface EntitySpec<
  F extends Record<string, FieldDef>,
  K extends string = string,
  L extends LineCollections = LineCollections,
  P extends string = string,
  W extends WorkflowDef = WorkflowDef,
> {
  /** Business area (folder of packages/domain) or `system` for the platform's own objects. */
  readonly area: string;
  /** API service (DESIGN.md §6); `srm` by default. */
  readonly service?: EntityService;
  /** Table name (snake_case of the entity name by default). */
  readonly table?: string;
  /** Key field, named after the object (`menuId`, `lookupValuesId`). */
  readonly key: K;
  readonly fields: F;
  /** Field shown for a reference to this entity (the first text field by default). */
  readonly display?: keyof F & string;
  /** For a line entity: the header entity and the field holding the header's key. */
  readonly parent?: { readonly entity: string; readonly field: P };
  /**
   * For a line entity: the platform makes and removes its rows (a censor's requirements, an
   * introduction's steps); the web offers no adding, copying or deleting, only the writable
   * fields. The engine refuses a row added or removed by anyone but the platform.
   */
  readonly rowsByPlatform?: boolean;
  /**
   * For a line entity: the header states in which rows may be added or removed (the materials of
   * a batch trial, fixed once it starts, while other fields stay open). The web offers no adding,
   * copying or deleting in other states, and the engine refuses it.
   */
  readonly rowsEditableIn?: readonly string[];
  /** Line collections edited with the header in one save, by property name. */
  readonly lines?: L;
  /**
   * The line collection an Excel import takes with the header: the template's rows are lines,
   * grouped into documents by a document-number column (docs/toolkit.md). Without it an import
   * creates headers only.
   */
  readonly importLines?: keyof L & string;
  readonly numbering?: NumberingRule;
  /** Supplier users see and change only rows whose field holds their supplier. */
  readonly ownedBy?: string;
  /**
   * The reference naming the event whose data key seals this document's sealed values and its
   * lines' (a quotation's `inquiryId`: one key per sourcing event, wrapped by the master key;
   * DESIGN.md §7, ADR 0041). Without it sealed values are sealed with the master key itself.
   */
  readonly sealedPer?: string;
  /**
   * Workflow states in which the owning supplier sees a row (list, find, lines, actions, saves,
   * exports, references); in any other state the row does not exist for supplier users (a draft
   * order). Needs `ownedBy` and a workflow. Lines follow their header's states.
   */
  readonly supplierVisibleIn?: readonly string[];
  /** Internal users are limited to rows of organisations they are permitted. */
  readonly orgScoped?: string;
  /** Internal users are limited to rows of categories they are permitted. */
  readonly categoryScoped?: string;
  /**
   * Internal users who are not permitted every organisation see only the rows whose field holds
   * their own user id (the requests they submitted); users of every organisation see all rows.
   */
  readonly userScoped?: string;
  /**
   * Rows addressed to one user each (an inbox: a notice's receivers): every user, on either
   * side and whatever their permits, reads and changes only the rows whose `field` holds their
   * own user id, and only while the row is in one of `visibleIn` (every state when left out).
   * Readers of everyone's rows (a publisher's read receipts) go through an endpoint of the
   * document the rows belong to.
   */
  readonly addressedTo?: AddressedTo;
  /** Master data that supplier users may read (units, currencies, districts…). */
  readonly supplierReadable?: boolean;
  /**
   * Sides that create, edit and delete rows (default: internal). Another side may only change
   * the fields whose own `writableBy` names it (a supplier confirming dates on an order).
   */
  readonly writableBy?: readonly Side[];
  /** A tree over this entity by a parent field. */
  readonly tree?: { readonly parent: keyof F & string };
  /** Composite unique constraints. */
  readonly unique?: readonly (readonly string[])[];
  /**
   * Composite indexes, for reads that the single-field indexes of filters and references do not
   * serve: an account's last ledger row is `['supplierId', 'orgId', 'currencyId', 'accountCode',
   * 'ledgerId']`, found without reading the account's other rows.
   */
  readonly indexes?: readonly (readonly string[])[];
  readonly list?: ListConfig;
  readonly form?: FormConfig;
  readonly workflow?: W;
  readonly rules?: readonly Rule[];
}

/**
 * A definition. Its type parameters carry what typed code needs (RowOf, actions, inputs): the
 * fields, the key's name, the line collections, the field holding a line's header, and the
 * workflow with its actions.
 */
export interface EntityDef<
  F extends Record<string, FieldDef> = Record<string, FieldDef>,
  K extends string = string,
  L extends LineCollections = LineCollections,
  P extends string = string,
  W extends WorkflowDef = WorkflowDef,
> {
  readonly name: string;
  readonly area: string;
  readonly service: EntityService;
  readonly table: string;
  readonly key: K;
  /** The definition's own fields. */
  readonly ownFields: F;
  /** Every field: the key, the definition's fields, the status and the audit fields. */
  readonly fields: Readonly<Record<string, FieldDef & { readonly system?: boolean }>>;
  readonly display: string;
  readonly parent?: { readonly entity: string; readonly field: P };
  readonly rowsByPlatform?: boolean;
  readonly rowsEditableIn?: readonly string[];
  readonly lines: L;
  /** The line collection an Excel import takes with the header (one sheet row per line). */
  readonly importLines?: string;
  readonly numbering?: NumberingRule;
  readonly ownedBy?: string;
  readonly sealedPer?: string;
  readonly supplierVisibleIn?: readonly string[];
  readonly orgScoped?: string;
  readonly categoryScoped?: string;
  readonly userScoped?: string;
  readonly addressedTo?: AddressedTo;
  readonly supplierReadable: boolean;
  readonly writableBy: readonly Side[];
  readonly tree?: { readonly parent: string };
  readonly unique: readonly (readonly string[])[];
  readonly indexes: readonly (readonly string[])[];
  readonly list: ListConfig;
  readonly form?: FormConfig;
  readonly workflow?: WorkflowOf<W>;
  readonly rules: readonly Rule[];
  /** `/api/{service}/v1/{name}Restful` */
  readonly apiPath: string;
  /** Fields with `sealed`: the row keeps the moment it was opened. */
  readonly hasSealed: boolean;
}

/** The user a row is addressed to, and the states in which it is there for them. */
export interface AddressedTo {
  readonly field: string;
  readonly visibleIn?: readonly string[];
  /**
   * The document the rows are copies of (a notice's receivers: `{ entity: 'srmNotice', field:
   * 'noticeId' }`): its readers reach the copies through the document's own endpoints (read
   * receipts), and its actions change them.
   */
  readonly copiesOf?: { readonly entity: string; readonly field: string };
}

export const STATUS_FIELD = 'status';
export const VERSION_FIELD = 'versionNum';
export const AUDIT_FIELDS = ['createdBy', 'creationDate', 'lastUpdatedBy', 'lastUpdateDate'] as const;
/** System column holding when sealed values of the row were opened. */
export const SEALED_OPENED_FIELD = 'sealedOpenedDate';

export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

function systemFields(
  key: string,
  workflow: WorkflowDef | undefined,
  hasSealed: boolean,
): Record<string, FieldDef & { system: true }> {
  const fields: Record<string, FieldDef & { system: true }> = {
    [key]: { ...number({ readonly: true }), system: true } as NumberField & { system: true },
  };
  if (workflow) {
    fields[STATUS_FIELD] = {
      ...lookup(workflow.statusLookup ?? 'DOC_STATUS', { codes: workflow.states, readonly: true }),
      system: true,
    } as LookupField & { system: true };
  }
  if (hasSealed) {
    fields[SEALED_OPENED_FIELD] = { ...datetime({ readonly: true }), system: true } as FieldDef & {
      system: true;
    };
  }
  fields[VERSION_FIELD] = { ...number({ readonly: true }), system: true } as NumberField & { system: true };
  fields.createdBy = { ...number({ readonly: true }), system: true } as NumberField & { system: true };
  fields.creationDate = { ...datetime({ readonly: true }), system: true } as FieldDef & { system: true };
  fields.lastUpdatedBy = { ...number({ readonly: true }), system: true } as NumberField & { system: true };
  fields.lastUpdateDate = { ...datetime({ readonly: true }), system: true } as FieldDef & { system: true };
  return fields;
}

/** Any definition, whatever its type parameters. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEntity = EntityDef<any, any, any, any, any>;

export function defineEntity<
  const F extends Record<string, FieldDef>,
  const K extends string,
  const L extends LineCollections = Record<never, never>,
  const P extends string = never,
  const W extends WorkflowDef = never,
>(name: string, spec: EntitySpec<F, K, L, P, W>): EntityDef<F, K, L, P, W> {
  const service = spec.service ?? 'srm';
  const own = spec.fields as Record<string, FieldDef>;
  const hasSealed = Object.values(own).some((field) => field.sealed);
  const system = systemFields(spec.key, spec.workflow, hasSealed);
  const { [spec.key]: keyField, ...rest } = system;
  const fields: Record<string, FieldDef & { system?: boolean }> = { [spec.key]: keyField!, ...own };
  if (spec.parent && !(spec.parent.field in fields)) {
    // The header's key on a line: written by the server when the header saves its lines.
    fields[spec.parent.field] = {
      ...ref(spec.parent.entity, { readonly: true, onDelete: 'cascade', indexed: true }),
      system: true,
    };
  }
  Object.assign(fields, rest);
  if (spec.supplierVisibleIn) {
    if (!spec.ownedBy || !spec.workflow)
      throw new Error(`${name}: supplierVisibleIn needs ownedBy and a workflow`);
    const unknown = spec.supplierVisibleIn.filter((state) => !spec.workflow!.states.includes(state));
    if (unknown.length)
      throw new Error(`${name}: supplierVisibleIn names unknown states ${unknown.join(', ')}`);
  }
  for (const [actionName, action] of Object.entries(spec.workflow?.actions ?? {})) {
    const named = action.outcomes ? [action.outcomes.approved, action.outcomes.rejected] : [];
    const missing = named.filter((outcome) => !spec.workflow!.actions[outcome]?.system);
    if (missing.length)
      throw new Error(`${name}.${actionName}: outcomes name no system action ${missing.join(', ')}`);
  }
  for (const [field, def] of Object.entries(own)) {
    const english = (def as { english?: string }).english;
    const target = own[english ?? ''];
    if (english && target?.kind !== 'text' && target?.kind !== 'textarea')
      throw new Error(`${name}.${field}: english names ${english}, which is not a text field`);
  }
  if (spec.importLines && !(spec.importLines in (spec.lines ?? {})))
    throw new Error(`${name}: importLines names no line collection ${spec.importLines}`);
  const display = spec.display ?? Object.keys(own).find((field) => own[field]!.kind === 'text') ?? spec.key;
  return {
    name,
    area: spec.area,
    service,
    table: spec.table ?? snakeCase(name),
    key: spec.key,
    ownFields: spec.fields,
    fields,
    display,
    ...(spec.parent ? { parent: spec.parent } : {}),
    ...(spec.rowsByPlatform ? { rowsByPlatform: true } : {}),
    ...(spec.rowsEditableIn ? { rowsEditableIn: spec.rowsEditableIn } : {}),
    lines: spec.lines ?? ({} as L),
    ...(spec.importLines ? { importLines: spec.importLines } : {}),
    ...(spec.numbering ? { numbering: spec.numbering } : {}),
    ...(spec.ownedBy ? { ownedBy: spec.ownedBy } : {}),
    ...(spec.sealedPer ? { sealedPer: spec.sealedPer } : {}),
    ...(spec.supplierVisibleIn ? { supplierVisibleIn: spec.supplierVisibleIn } : {}),
    ...(spec.orgScoped ? { orgScoped: spec.orgScoped } : {}),
    ...(spec.userScoped ? { userScoped: spec.userScoped } : {}),
    ...(spec.categoryScoped ? { categoryScoped: spec.categoryScoped } : {}),
    ...(spec.addressedTo ? { addressedTo: spec.addressedTo } : {}),
    supplierReadable: spec.supplierReadable ?? false,
    writableBy: spec.writableBy ?? ['internal'],
    ...(spec.tree ? { tree: spec.tree } : {}),
    unique: spec.unique ?? [],
    indexes: spec.indexes ?? [],
    list: spec.list ?? { columns: Object.keys(own).slice(0, 8) },
    ...(spec.form ? { form: spec.form } : {}),
    ...(spec.workflow ? { workflow: spec.workflow as WorkflowOf<W> } : {}),
    rules: spec.rules ?? [],
    apiPath: `/api/${service}/v1/${name}Restful`,
    hasSealed,
  };
}

type Simplify<T> = { [N in keyof T]: T[N] };

/** The declared fields of an entity. */
export type FieldsOf<E> =
  E extends EntityDef<infer F, string, LineCollections, string, WorkflowDef> ? F : never;
/** The key field's name. */
export type KeyOf<E> =
  E extends EntityDef<Record<string, FieldDef>, infer K, LineCollections, string, WorkflowDef> ? K : never;
/** The field of a line holding its header's key (never for a header). */
export type ParentOf<E> =
  E extends EntityDef<Record<string, FieldDef>, string, LineCollections, infer P, WorkflowDef> ? P : never;
/** The line collections of a header, by property name. */
export type LinesOf<E> =
  E extends EntityDef<Record<string, FieldDef>, string, infer L, string, WorkflowDef> ? L : never;
/** The workflow action names of an entity. */
export type ActionName<E> =
  E extends EntityDef<Record<string, FieldDef>, string, LineCollections, string, infer W>
    ? [W] extends [never]
      ? never
      : keyof W['actions'] & string
    : never;

type StoredName<F, N extends keyof F> = F[N] extends { readonly kind: 'compute' } ? never : N;
type RequiredName<F, N extends keyof F> = F[N] extends { readonly required: true } ? N : never;

/** Columns every row has besides its fields (status only with a workflow). */
export interface SystemColumns {
  versionNum: number;
  status: string;
  createdBy: number | null;
  creationDate: number | null;
  lastUpdatedBy: number | null;
  lastUpdateDate: number | null;
}

/**
 * A stored row of an entity, as hooks and actions see it: every stored field (required ones
 * never null), the key, a line's header key and the system columns. No other property: a name
 * the definition does not have is a type error.
 */
export type RowOf<E> = Simplify<
  {
    -readonly [N in keyof FieldsOf<E> as StoredName<FieldsOf<E>, N>]: N extends RequiredName<FieldsOf<E>, N>
      ? ValueOf<FieldsOf<E>[N]>
      : ValueOf<FieldsOf<E>[N]> | null;
  } & { [N in KeyOf<E>]: number } & { [N in ParentOf<E>]: number } & SystemColumns
>;

/** A row being saved: the key is absent until it is created. */
export type DraftOf<E> = Simplify<Omit<RowOf<E>, KeyOf<E>> & { [N in KeyOf<E>]?: number }>;

/** Fields a hook or action may set on a stored row (not the key, the header key or system columns). */
export type ChangesOf<E> = Partial<Omit<RowOf<E>, KeyOf<E> | ParentOf<E> | keyof SystemColumns>>;

/** A row server code creates: its fields (a line with its header's key); defaults fill the rest. */
export type NewRowOf<E> = Simplify<
  Partial<Omit<RowOf<E>, KeyOf<E> | keyof SystemColumns>> & { [N in ParentOf<E>]: number }
>;

/** Rows selected by field values: `{ poHeaderId: 7, closedFlag: 'N' }`, a list meaning any of them. */
export type WhereOf<E> = { [N in keyof RowOf<E>]?: RowOf<E>[N] | readonly NonNullable<RowOf<E>[N]>[] | null };

/** The body of a save through the engine (all checks and hooks): the header's fields and its lines. */
export type SaveBodyOf<E> = Partial<
  Omit<RowOf<E>, ParentOf<E> | Exclude<keyof SystemColumns, 'versionNum'>>
> & {
  [C in keyof LinesOf<E>]?: SaveBodyOf<LinesOf<E>[C]>[];
};

type DisplayName<N extends string, F> = F extends { readonly kind: 'ref'; readonly display: string }
  ? F extends { readonly displayAs: false }
    ? never
    : F extends { readonly displayAs: infer D extends string }
      ? D
      : N extends `${infer B}Id`
        ? `${B}Name`
        : `${N}Name`
  : never;

type ComputeNames<F> = { [N in keyof F]: F[N] extends { readonly kind: 'compute' } ? N : never }[keyof F];

/**
 * A row as reads answer it (find, list): the stored row, the display value of each reference
 * that declares one (`supplierName` of `supplierId`) and the computed fields.
 */
export type ReadRowOf<E> = Simplify<
  RowOf<E> & {
    -readonly [N in keyof FieldsOf<E> & string as DisplayName<N, FieldsOf<E>[N]>]: string | number | null;
  } & { -readonly [N in ComputeNames<FieldsOf<E>>]: unknown }
>;

/** A document as findById answers it: the row and each line collection. */
export type FoundRowOf<E> = Simplify<ReadRowOf<E> & { [C in keyof LinesOf<E>]: ReadRowOf<LinesOf<E>[C]>[] }>;

/** Fields of the entity as `[name, field]` pairs, in declaration order. */
export function fieldEntries(entity: EntityDef): [string, FieldDef & { system?: boolean }][] {
  return Object.entries(entity.fields);
}

export function isRefField(field: FieldDef): field is RefField {
  return field.kind === 'ref';
}

/** A definition's reference field, for a picker built from it (throws when it is not one). */
export function refFieldOf(field: FieldDef | undefined): RefField {
  if (!field || !isRefField(field)) throw new Error('a reference field was expected');
  return field;
}

/** The field of a line entity holding its header's key. */
export function lineParentField(line: EntityDef): string {
  if (!line.parent) throw new Error(`${line.name} is used as lines but declares no parent`);
  return line.parent.field;
}
