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
}

export type ActionInput = 'comment' | 'date';

export interface WorkflowAction {
  /** States the action may start from. */
  readonly from: readonly string[];
  /** State after the action; absent when the action does not change the state. */
  readonly to?: string;
  /** Which side may call it (default internal). */
  readonly side?: Side | 'both';
  /** Inputs the caller must give. */
  readonly needs?: readonly ActionInput[];
  /** Approval process key: the action starts an approval and the document waits (bpm). */
  readonly approval?: string;
  /** Fired by the platform only (the approval engine, another action); refused over HTTP. */
  readonly system?: boolean;
  /** Asks for confirmation in the UI. */
  readonly confirm?: boolean;
  /** Shown in red in the UI. */
  readonly danger?: boolean;
  /** Resource (button) code checked by the access policy; the action name by default. */
  readonly resource?: string;
}

export interface WorkflowDef {
  readonly states: readonly string[];
  readonly initial: string;
  /** States in which the document may be saved and its lines edited. */
  readonly editableIn: readonly string[];
  /** States in which the document may be deleted (default: editableIn). */
  readonly deletableIn?: readonly string[];
  readonly actions: Readonly<Record<string, WorkflowAction>>;
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

export interface EntitySpec<F extends Record<string, FieldDef>> {
  /** Business area (folder of packages/domain) or `system` for the platform's own objects. */
  readonly area: string;
  /** API service (DESIGN.md §6); `srm` by default. */
  readonly service?: EntityService;
  /** Table name (snake_case of the entity name by default). */
  readonly table?: string;
  /** Key field, named after the object (`menuId`, `lookupValuesId`). */
  readonly key: string;
  readonly fields: F;
  /** Field shown for a reference to this entity (the first text field by default). */
  readonly display?: keyof F & string;
  /** For a line entity: the header entity and the field holding the header's key. */
  readonly parent?: { readonly entity: string; readonly field: string };
  /** Line collections edited with the header in one save, by property name. */
  readonly lines?: Readonly<Record<string, EntityDef>>;
  readonly numbering?: NumberingRule;
  /** Supplier users see and change only rows whose field holds their supplier. */
  readonly ownedBy?: string;
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
  readonly list?: ListConfig;
  readonly form?: FormConfig;
  readonly workflow?: WorkflowDef;
  readonly rules?: readonly Rule[];
}

export interface EntityDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  readonly name: string;
  readonly area: string;
  readonly service: EntityService;
  readonly table: string;
  readonly key: string;
  /** The definition's own fields. */
  readonly ownFields: F;
  /** Every field: the key, the definition's fields, the status and the audit fields. */
  readonly fields: Readonly<Record<string, FieldDef & { readonly system?: boolean }>>;
  readonly display: string;
  readonly parent?: { readonly entity: string; readonly field: string };
  readonly lines: Readonly<Record<string, EntityDef>>;
  readonly numbering?: NumberingRule;
  readonly ownedBy?: string;
  readonly supplierVisibleIn?: readonly string[];
  readonly orgScoped?: string;
  readonly categoryScoped?: string;
  readonly supplierReadable: boolean;
  readonly writableBy: readonly Side[];
  readonly tree?: { readonly parent: string };
  readonly unique: readonly (readonly string[])[];
  readonly list: ListConfig;
  readonly form?: FormConfig;
  readonly workflow?: WorkflowDef;
  readonly rules: readonly Rule[];
  /** `/api/{service}/v1/{name}Restful` */
  readonly apiPath: string;
  /** Fields with `sealed`: the row keeps the moment it was opened. */
  readonly hasSealed: boolean;
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

export function defineEntity<const F extends Record<string, FieldDef>>(
  name: string,
  spec: EntitySpec<F>,
): EntityDef<F> {
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
    lines: spec.lines ?? {},
    ...(spec.numbering ? { numbering: spec.numbering } : {}),
    ...(spec.ownedBy ? { ownedBy: spec.ownedBy } : {}),
    ...(spec.supplierVisibleIn ? { supplierVisibleIn: spec.supplierVisibleIn } : {}),
    ...(spec.orgScoped ? { orgScoped: spec.orgScoped } : {}),
    ...(spec.categoryScoped ? { categoryScoped: spec.categoryScoped } : {}),
    supplierReadable: spec.supplierReadable ?? false,
    writableBy: spec.writableBy ?? ['internal'],
    ...(spec.tree ? { tree: spec.tree } : {}),
    unique: spec.unique ?? [],
    list: spec.list ?? { columns: Object.keys(own).slice(0, 8) },
    ...(spec.form ? { form: spec.form } : {}),
    ...(spec.workflow ? { workflow: spec.workflow } : {}),
    rules: spec.rules ?? [],
    apiPath: `/api/${service}/v1/${name}Restful`,
    hasSealed,
  };
}

/** The API row of an entity: its own fields plus the system fields. */
export type RowOf<E> =
  E extends EntityDef<infer F>
    ? { -readonly [K in keyof F]?: ValueOf<F[K]> | null } & {
        versionNum?: number;
        status?: string;
        createdBy?: number | null;
        creationDate?: number | null;
        lastUpdatedBy?: number | null;
        lastUpdateDate?: number | null;
        [key: string]: unknown;
      }
    : never;

/** Fields of the entity as `[name, field]` pairs, in declaration order. */
export function fieldEntries(entity: EntityDef): [string, FieldDef & { system?: boolean }][] {
  return Object.entries(entity.fields);
}

export function isRefField(field: FieldDef): field is RefField {
  return field.kind === 'ref';
}

/** The field of a line entity holding its header's key. */
export function lineParentField(line: EntityDef): string {
  if (!line.parent) throw new Error(`${line.name} is used as lines but declares no parent`);
  return line.parent.field;
}
