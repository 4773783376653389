// A business area's server part: its objects' behaviour (actions and endpoints), its demo
// seeds and its approval processes (templates as data), beside the isomorphic manifest. The
// composition root takes the list of server areas and derives the runtime's hooks, the seeds
// in order and the approval templates from it.
import type { AreaManifest } from '@srm/kernel';
import { SYSTEM_ACTOR } from './access/actor';
import type { BackgroundFactory, Executable } from './background';
import type { DataApi } from './entity/context';
import type { ActionObserver, EntityActions } from './entity/hooks';
import type { FileUse, Watermark } from './files/watermark';
import type { HallKind } from './realtime/hall';
import type { Webhook } from './http/webhooks';
import type { Row } from './entity/rows';
import { type Seed, defineSeed } from './seed/seed';

/** A node of an approval template: its label is `process.<KEY>.node<N>` in the locale files. */
export interface ApprovalNodePlan {
  readonly nodeNum: number;
  readonly signMode: 'ANY' | 'ALL';
  readonly conditionField?: string;
  readonly conditionOperator?: string;
  readonly conditionValue?: string;
}

/**
 * Who decides a node: holders of a demo role (by its code), or the user a field of the document
 * names (an award's engineer).
 */
export type ApprovalApproverPlan =
  | { readonly nodeNum: number; readonly roleCode: string }
  | { readonly nodeNum: number; readonly fieldName: string };

/** An approval process of the area's documents, seeded as a template (label `process.<KEY>`). */
export interface ApprovalTemplatePlan {
  readonly processKey: string;
  readonly entityName: string;
  readonly nodes: readonly ApprovalNodePlan[];
  readonly approvers: readonly ApprovalApproverPlan[];
}

export interface ServerAreaSpec {
  readonly actions?: readonly EntityActions[];
  /** Demo data, in the order it must load. */
  readonly seeds?: readonly Seed[];
  readonly approvalTemplates?: readonly ApprovalTemplatePlan[];
  /** Executables concurrent programs may name, by name (unique over all areas). */
  readonly executables?: Readonly<Record<string, Executable>>;
  /** A service run while the server runs (the scheduler's runner). */
  readonly background?: BackgroundFactory;
  /** Watchers of every action and save, in its transaction (outbound interfaces' triggers). */
  readonly observers?: readonly ActionObserver[];
  /**
   * Readers of a record's files besides the record's own readers, by entity: a notice's files
   * are read by its receivers, who cannot read the notice itself. The rule reads with the
   * reader's own scope.
   */
  readonly fileReaders?: Readonly<Record<string, FileReader>>;
  /**
   * Counts a download of a record's file, by entity (a shared file's downloads by its readers):
   * run once the reader's right is checked, before the bytes go, in a transaction of its own
   * with the reader's own scope. Shown files (the viewer's temporary URL) are not downloads.
   */
  readonly fileDownloads?: Readonly<Record<string, FileDownloadCounter>>;
  /**
   * The watermark of a served copy of a record's PDF files (shown or downloaded), by entity: a
   * contract document's, by the side of its reader. Read with the reader's own scope.
   */
  readonly fileWatermarks?: Readonly<Record<string, FileWatermarker>>;
  /** Live halls on the websocket hub (an auction's): how each audience sees one (realtime/hall.ts). */
  readonly halls?: readonly HallKind[];
  /**
   * Tables of the area that are not documents (drizzle tables, by a unique export name), for
   * records written on a hot path where the engine's save does not fit (an auction's bids): the
   * migrations are generated from them too. Read them only through declared endpoints.
   */
  readonly tables?: Readonly<Record<string, unknown>>;
  /** Endpoints for other systems' calls (a provider's callbacks), by name: /api/hook/v1/<name>. */
  readonly webhooks?: Readonly<Record<string, Webhook>>;
}

/** May the reader of `data` read the files of this record (besides its own readers)? */
export type FileReader = (data: DataApi, recordId: number) => Promise<boolean>;

/** Counts the reader's download of one of this record's files. */
export type FileDownloadCounter = (data: DataApi, recordId: number) => Promise<void>;

/** The watermark of a served copy of this record's PDF for the reader of `data`, if any. */
export type FileWatermarker = (data: DataApi, recordId: number, use: FileUse) => Promise<Watermark | null>;

export interface ServerArea {
  readonly area: AreaManifest;
  readonly actions: readonly EntityActions[];
  /** The area's seeds, its approval templates first. */
  readonly seeds: readonly Seed[];
  readonly approvalTemplates: readonly ApprovalTemplatePlan[];
  readonly executables: Readonly<Record<string, Executable>>;
  readonly background?: BackgroundFactory;
  readonly observers: readonly ActionObserver[];
  readonly fileReaders: Readonly<Record<string, FileReader>>;
  readonly fileDownloads: Readonly<Record<string, FileDownloadCounter>>;
  readonly fileWatermarks: Readonly<Record<string, FileWatermarker>>;
  readonly halls: readonly HallKind[];
  readonly tables: Readonly<Record<string, unknown>>;
  readonly webhooks: Readonly<Record<string, Webhook>>;
}

/** One approval template's save body: the template, its nodes and its approvers. */
export interface ApprovalTemplateRow extends Row {
  processKey: string;
  processName: string;
  processNameEn: string;
  entityName: string;
  nodes: Array<ApprovalNodePlan & { nodeName: string; nodeNameEn: string }>;
  approvers: Array<{
    nodeNum: number;
    approverType: 'ROLE' | 'USER' | 'FIELD';
    roleId?: number | null;
    userId?: number;
    fieldName?: string;
  }>;
}

/** The template rows of plans, their labels from the catalogue and their roles' ids. */
export function approvalTemplateRows(
  plans: readonly ApprovalTemplatePlan[],
  label: (key: string, locale: 'zh-CN' | 'en') => string,
  roleId: (code: string) => number | null,
): ApprovalTemplateRow[] {
  return plans.map((plan) => ({
    processKey: plan.processKey,
    processName: label(`process.${plan.processKey}`, 'zh-CN'),
    processNameEn: label(`process.${plan.processKey}`, 'en'),
    entityName: plan.entityName,
    nodes: plan.nodes.map((node) => ({
      ...node,
      nodeName: label(`process.${plan.processKey}.node${node.nodeNum}`, 'zh-CN'),
      nodeNameEn: label(`process.${plan.processKey}.node${node.nodeNum}`, 'en'),
    })),
    approvers: plan.approvers.map((approver) =>
      'fieldName' in approver
        ? { nodeNum: approver.nodeNum, approverType: 'FIELD' as const, fieldName: approver.fieldName }
        : { nodeNum: approver.nodeNum, approverType: 'ROLE' as const, roleId: roleId(approver.roleCode) },
    ),
  }));
}

/**
 * Every server area defined in this process, in order: the test helpers name an entity's
 * endpoint (`api(entity, action)`) before any server is composed, from these.
 */
const definedAreas: ServerArea[] = [];
export function definedServerAreas(): readonly ServerArea[] {
  return definedAreas;
}

export function defineServerArea(area: AreaManifest, spec: ServerAreaSpec = {}): ServerArea {
  const templates = spec.approvalTemplates ?? [];
  const seeds: Seed[] = [...(spec.seeds ?? [])];
  if (templates.length) {
    seeds.unshift(
      defineSeed(`${area.name}.approval-templates`, async (context) => {
        const roles = new Map<string, number | null>();
        for (const plan of templates)
          for (const approver of plan.approvers)
            if ('roleCode' in approver && !roles.has(approver.roleCode))
              roles.set(approver.roleCode, await context.findId('baseRole', { roleCode: approver.roleCode }));
        const rows = approvalTemplateRows(
          templates,
          (key, locale) => context.runtime.t(locale, key),
          (code) => roles.get(code) ?? null,
        );
        for (const row of rows) {
          // Once: an administrator's later edits are kept. Nodes whose roles the demo lacks (a
          // partial seeding in a test) are left out; without the first node there is no template.
          if (await context.findId('srmBaseProcessTemplate', { processKey: row.processKey })) continue;
          const approvers = row.approvers.filter(
            (approver) => approver.approverType !== 'ROLE' || approver.roleId !== null,
          );
          const nodes = row.nodes.filter((node) =>
            approvers.some((approver) => approver.nodeNum === node.nodeNum),
          );
          if (!nodes.some((node) => node.nodeNum === 1)) continue;
          await context.runtime
            .service('srmBaseProcessTemplate')
            .save(SYSTEM_ACTOR, { ...row, nodes, approvers });
        }
      }),
    );
  }
  const server: ServerArea = {
    area,
    actions: spec.actions ?? [],
    seeds,
    approvalTemplates: templates,
    executables: spec.executables ?? {},
    observers: spec.observers ?? [],
    fileReaders: spec.fileReaders ?? {},
    fileDownloads: spec.fileDownloads ?? {},
    fileWatermarks: spec.fileWatermarks ?? {},
    halls: spec.halls ?? [],
    tables: spec.tables ?? {},
    webhooks: spec.webhooks ?? {},
    ...(spec.background ? { background: spec.background } : {}),
  };
  definedAreas.push(server);
  return server;
}

/** Every area's executables by name; a name registered twice stops the server. */
export function areaExecutables(areas: readonly ServerArea[]): Map<string, Executable> {
  const found = new Map<string, Executable>();
  for (const server of areas)
    for (const [name, executable] of Object.entries(server.executables)) {
      if (found.has(name))
        throw new Error(`executable ${name} is registered twice (area ${server.area.name})`);
      found.set(name, executable);
    }
  return found;
}
