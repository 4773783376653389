// Chat and OA sync of settlement over real HTTP, against a peer on 127.0.0.1 standing in for the
// company's OA and chat: the shipped definitions made effective, a payment application submitted
// reaches the OA once with its amount in figures and in capitals and its lines; an advance
// submitted likewise; a statement the supplier confirmed is announced in the chat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@srm/platform/testing';
import { type FakeErp, startFakeErp } from '@srm/domain/testing/fake-erp';
import { useProcurement } from '../../procurement.testing';
import { type Row, settlementHelpers } from '../settlement.testing';
import { OA_DEFINITIONS, oaDefinitionBody } from './oa.definitions';

const fixture = useProcurement();
const { ids, ok } = fixture;
const { confirmedStatement, matchedInvoice } = settlementHelpers(fixture);
let peer: FakeErp;

beforeAll(async () => {
  peer = await startFakeErp();
  for (const definition of OA_DEFINITIONS) {
    const saved = await ok('baseScsiDefinition', 'saveOrUpdate', {
      ...oaDefinitionBody(definition, peer.url),
      retryDelayMs: 200,
      retryMaxDelayMs: 1_000,
    });
    await ok('baseScsiDefinition', 'doEffect', { definitionId: saved.definitionId });
  }
});
afterAll(async () => {
  await peer.close();
});

/** The bodies the peer received on `path`, once `count` arrived. */
async function received(path: string, count: number): Promise<Row[]> {
  const calls = await waitFor(
    async () => peer.calls.filter((call) => call.path === path),
    (found) => found.length >= count,
  );
  return calls.map((call) => JSON.parse(call.body) as Row);
}

describe('chat and OA sync of settlement', () => {
  it('sends a submitted payment application and advance to the OA, a confirmed statement to the chat', async () => {
    const statement = await confirmedStatement('2026-12-10');
    const [announced] = await received('/api/chat/statement', 1);
    expect(announced).toMatchObject({
      msgtype: 'srm_statement',
      statementNo: statement.accountNumber,
      amount: '77.41',
      currency: 'CNY',
    });

    const bill = await matchedInvoice('2026-12-11', '24322000000000000021');
    const application = await ok('srmStlPaymentHeader', 'saveOrUpdate', {
      supplierId: ids.supA,
      orgId: ids.orgA,
      currencyId: ids.currency,
      applyDate: '2026-12-14',
      lines: [{ lineNum: 1, sourceType: 'INVOICE', invoiceId: bill.invoiceId, amount: 77.41 }],
    });
    await ok('srmStlPaymentHeader', 'doSubmit', { paymentId: application.paymentId });
    const [form] = await received('/api/oa/payment', 1);
    expect(form).toMatchObject({
      formType: 'SRM_PAYMENT',
      applyNo: application.paymentNumber,
      amount: '77.41',
      amountInWords: '柒拾柒元肆角壹分',
      items: [{ type: 'INVOICE', number: bill.invoiceNumber, amount: '77.41' }],
    });
    expect(String(form!.bizId)).toMatch(new RegExp(`^PAY-${String(application.paymentNumber)}-`));

    const advance = await ok('srmStlAdvance', 'saveOrUpdate', {
      supplierId: ids.supA,
      orgId: ids.orgA,
      currencyId: ids.currency,
      applyDate: '2026-12-14',
      amount: 1000005,
      reason: '模具首付款',
    });
    await ok('srmStlAdvance', 'doSubmit', { advanceId: advance.advanceId });
    const [advanceForm] = await received('/api/oa/advance', 1);
    expect(advanceForm).toMatchObject({
      applyNo: advance.advanceNumber,
      amount: '1000005.00',
      amountInWords: '壹佰万零伍元整',
      reason: '模具首付款',
    });
    // Each went once.
    expect(peer.calls.filter((call) => call.path.startsWith('/api/oa/'))).toHaveLength(2);
  });
});
