// The contract warnings (CCT_CONTRACT_WARNINGS, a concurrent program, also run daily by itself:
// warning.daily.ts): reads every contract in effect, being signed or lately expired, and
// makes the warnings table say what holds today — one OPEN row per contract, kind and stage while
// its condition holds, CLOSED once it clears. The supplier and the contract's buyer are told (in
// the app and by mail) when a row opens or reaches a nearer threshold (30, then 7, then 0 days),
// once each: running it twice tells and writes nothing new. A contract past its end date is
// expired (doExpire) on the way. A contract whose orders took 90 % of its amount (a parameter) is
// warned about, and one whose orders took more than all of it is warned about as overrun.
import { type ReadRowOf, dec, formatDate } from '@srm/kernel';
import type { DataApi, Executable } from '@srm/platform';
import { contract } from '../contract/contract.entity';
import { contractRefund, contractStage } from '../contract/contract-lines.entity';
import { refreshRefunds } from '../contract/contract.execution';
import { type WarningKind, contractWarning } from './warning.entity';

export const CONTRACT_WARNINGS_PROGRAM = 'CCT_CONTRACT_WARNINGS';

const DAY_MS = 86_400_000;
/** Expired contracts stay warned about for this many days after their end. */
const EXPIRED_SHOWN_DAYS = 30;

export interface WarningRules {
  /** Days before the end at which a contract is warned about, nearest last (30, 7, 0). */
  readonly expiringDays: readonly number[];
  /** Days before a payment stage's planned date. */
  readonly stageDueDays: number;
  /** Days a finalized contract may wait for its signatures. */
  readonly unsignedDays: number;
  /** The share of its amount (per cent) from which a contract's execution is warned about; above 100 always. */
  readonly executedPercent: number;
}

export const DEFAULT_RULES: WarningRules = {
  expiringDays: [30, 7, 0],
  stageDueDays: 7,
  unsignedDays: 7,
  executedPercent: 90,
};

type Contract = ReadRowOf<typeof contract>;
interface Wanted {
  readonly key: string;
  readonly row: Contract;
  readonly kind: WarningKind;
  readonly stage?: { readonly id: number; readonly name: string };
  readonly dueDate: string;
  readonly daysLeft: number;
  readonly threshold: number | null;
  readonly percent?: number;
}

const daysFrom = (today: string, day: string) => Math.round((Date.parse(day) - Date.parse(today)) / DAY_MS);
const dayOf = (ms: number, timeZone: string) => formatDate(ms, timeZone);

/** What holds today, per contract, kind and stage. */
async function wantedWarnings(data: DataApi, today: string, rules: WarningRules): Promise<Wanted[]> {
  const wanted: Wanted[] = [];
  const add = (w: Omit<Wanted, 'key'>) =>
    wanted.push({ ...w, key: `${w.row.contractId}:${w.kind}:${w.stage?.id ?? 0}` });
  const farthest = Math.max(...rules.expiringDays);
  for (const row of await data.list(contract, { status: ['EFFECTIVE', 'SIGNING', 'EXPIRED'] })) {
    const daysLeft = daysFrom(today, row.effectiveTo);
    if (row.status === 'EXPIRED') {
      if (daysLeft >= -EXPIRED_SHOWN_DAYS)
        add({ row, kind: 'EXPIRED', dueDate: row.effectiveTo, daysLeft, threshold: null });
      continue;
    }
    if (row.status === 'SIGNING') {
      const since = row.confirmedDate ?? row.approvedDate ?? data.now.getTime();
      const due = dayOf(since + rules.unsignedDays * DAY_MS, data.runtime.timeZone);
      if (daysFrom(today, due) <= 0)
        add({ row, kind: 'UNSIGNED', dueDate: due, daysLeft: daysFrom(today, due), threshold: null });
      continue;
    }
    if (daysLeft >= 0 && daysLeft <= farthest) {
      const threshold = Math.min(...rules.expiringDays.filter((days) => daysLeft <= days));
      add({ row, kind: 'EXPIRING', dueDate: row.effectiveTo, daysLeft, threshold });
    }
    const total = dec(row.amountInclTax ?? 0);
    if (total.greaterThan(0)) {
      const percent = dec(row.executedAmount ?? 0)
        .div(total)
        .mul(100)
        .toDecimalPlaces(2);
      const kind = percent.greaterThan(100)
        ? 'EXECUTED_OVER'
        : percent.gte(rules.executedPercent)
          ? 'EXECUTED_HIGH'
          : null;
      if (kind)
        add({ row, kind, dueDate: row.effectiveTo, daysLeft, threshold: null, percent: percent.toNumber() });
    }
    // Mould and sample fees whose refund came due, until refunded or waived.
    await refreshRefunds(data, row.contractId, today);
    for (const refund of await data.lines(contractRefund, row.contractId))
      if (refund.refundStatus === 'DUE')
        add({
          row,
          kind: 'REFUND_DUE',
          stage: { id: refund.contractRefundId, name: '' },
          dueDate: refund.refundDate ?? today,
          daysLeft: 0,
          threshold: null,
        });
    for (const stage of await data.lines(contractStage, row.contractId)) {
      if (stage.stageStatus === 'COMPLETED' || !stage.plannedDate) continue;
      const left = daysFrom(today, stage.plannedDate);
      const about = { id: stage.contractStageId, name: stage.stageName };
      if (left < 0)
        add({
          row,
          kind: 'STAGE_OVERDUE',
          stage: about,
          dueDate: stage.plannedDate,
          daysLeft: left,
          threshold: null,
        });
      else if (left <= rules.stageDueDays)
        add({
          row,
          kind: 'STAGE_DUE',
          stage: about,
          dueDate: stage.plannedDate,
          daysLeft: left,
          threshold: rules.stageDueDays,
        });
    }
  }
  return wanted;
}

/** Tells the supplier and the contract's buyer, once per row and threshold. */
async function tell(data: DataApi, warning: Wanted, warningId: number): Promise<void> {
  const params = {
    number: warning.row.contractNumber ?? '',
    name: warning.row.contractName,
    stage: warning.stage?.name ?? '',
    date: warning.dueDate,
    days: String(Math.abs(warning.daysLeft)),
    percent: String(warning.percent ?? ''),
  };
  const common = {
    titleKey: `message.cctWarning.${warning.kind}Title`,
    contentKey: `message.cctWarning.${warning.kind}Content`,
    params,
    link: { entityName: 'srmCctWarning', documentId: warningId },
    source: 'CCT_CONTRACT',
    email: true,
    eventId: `${warning.key}:${warning.threshold ?? 'open'}`,
  };
  const messages = data.services.siteMessages;
  if (!messages) return;
  if (warning.kind !== 'UNSIGNED' || warning.row.partyBSignedDate === null)
    await messages.notify({ ...common, supplierId: warning.row.supplierId });
  if (warning.row.createdBy !== null) await messages.notify({ ...common, userIds: [warning.row.createdBy] });
}

/** Makes the warnings table say what holds today; answers how many rows opened, moved and closed. */
export async function raiseWarnings(
  data: DataApi,
  rules: WarningRules = DEFAULT_RULES,
): Promise<{ opened: number; told: number; closed: number; expired: number }> {
  const system = data.system('the warning program reads every contract and writes the warnings');
  const today = dayOf(data.now.getTime(), data.runtime.timeZone);
  // Contracts past their end date expire first: their warnings are then about that.
  let expired = 0;
  for (const row of await system.list(contract, { status: 'EFFECTIVE' }))
    if (daysFrom(today, row.effectiveTo) < 0) {
      await system.act(contract, 'doExpire', [row.contractId]);
      expired++;
    }
  const wanted = await wantedWarnings(system, today, rules);
  const stored = new Map(
    (await system.list(contractWarning, {})).map((row) => [row.warningKey, row] as const),
  );
  let opened = 0;
  let told = 0;
  for (const warning of wanted) {
    const values = {
      contractName: warning.row.contractName,
      dueDate: warning.dueDate,
      daysLeft: warning.daysLeft,
      stageName: warning.stage?.name || null,
      executedPercent: warning.percent ?? null,
    };
    const row = stored.get(warning.key);
    stored.delete(warning.key);
    if (!row) {
      const [warningId] = await system.insert(contractWarning, [
        {
          ...values,
          contractId: warning.row.contractId,
          supplierId: warning.row.supplierId,
          orgId: warning.row.orgId,
          warningKind: warning.kind,
          contractStageId: warning.stage?.id ?? null,
          threshold: warning.threshold,
          warningStatus: 'OPEN',
          openedDate: data.now.getTime(),
          warningKey: warning.key,
        },
      ]);
      await tell(system, warning, warningId!);
      opened++;
      continue;
    }
    const reopened = row.warningStatus === 'CLOSED';
    const nearer =
      warning.threshold !== null && (row.threshold === null || warning.threshold < row.threshold);
    const changed =
      reopened ||
      nearer ||
      row.daysLeft !== warning.daysLeft ||
      row.dueDate !== warning.dueDate ||
      (row.executedPercent ?? null) !== (warning.percent ?? null);
    if (!changed) continue;
    await system.patch(contractWarning, row.warningId, {
      ...values,
      ...(nearer ? { threshold: warning.threshold } : {}),
      ...(reopened ? { warningStatus: 'OPEN', openedDate: data.now.getTime(), closedDate: null } : {}),
    });
    if (reopened || nearer) {
      await tell(system, warning, row.warningId);
      told++;
    }
  }
  // What no longer holds closes.
  let closed = 0;
  for (const row of stored.values()) {
    if (row.warningStatus !== 'OPEN') continue;
    await system.patch(contractWarning, row.warningId, {
      warningStatus: 'CLOSED',
      closedDate: data.now.getTime(),
    });
    closed++;
  }
  return { opened, told, closed, expired };
}

const numbers = (value: unknown, fallback: readonly number[]) => {
  const parsed = String(value ?? '')
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n >= 0);
  return parsed.length ? parsed : fallback;
};

/** The rules from the program's parameter values (days, comma-separated for the end). */
export function warningRules(params: Readonly<Record<string, unknown>>): WarningRules {
  return {
    expiringDays: numbers(params.expiringDays, DEFAULT_RULES.expiringDays),
    stageDueDays: numbers(params.stageDueDays, [DEFAULT_RULES.stageDueDays])[0]!,
    unsignedDays: numbers(params.unsignedDays, [DEFAULT_RULES.unsignedDays])[0]!,
    executedPercent: numbers(params.executedPercent, [DEFAULT_RULES.executedPercent])[0]!,
  };
}

/** CCT_CONTRACT_WARNINGS: its parameters are the rules. */
export const contractWarningsProgram: Executable = async (context) => {
  const rules = warningRules(context.params);
  const result = await context.work((data) => raiseWarnings(data, rules));
  const text = `${result.opened} opened, ${result.told} told again, ${result.closed} closed, ${result.expired} contracts expired`;
  context.log(text);
  return text;
};
