// One contract-test suite for every e-sign provider adapter: the internal provider on our CA, and
// the HTTP client against the stand-in provider started in-process (a third party's server with
// its own CA). Each adapter has a driver for the one step outside the API: the signer pressing
// "sign" (the host's confirmation for the internal provider, the provider's page for HTTP).
import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EsignPeer, startEsignPeer } from '../testing/esign-peer';
import { contractPdf, sealPng, testAuthority } from './esign.testing';
import { type CallbackRequest, type EsignProvider, EsignProviderError, type FlowSigner } from './provider';
import { HttpEsignProvider } from './provider.http';
import { InternalEsignProvider, MemoryProviderStore } from './provider.internal';
import { verifyPdf } from './verify';

interface Adapter {
  readonly provider: EsignProvider;
  /** The signer signs, as the adapter's signer would (after asking where). */
  complete(flowId: string, accountId: string): Promise<void>;
  close(): Promise<void>;
}

/** Callbacks as they arrive at our end. */
class CallbackSink {
  readonly received: CallbackRequest[] = [];
  #url = '';
  readonly #server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.received.push({
        headers: request.headers as IncomingHttpHeaders & CallbackRequest['headers'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.end('ok');
    });
  });
  get url() {
    return this.#url;
  }
  async start() {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/esign`;
  }
  close() {
    return new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

async function internalAdapter(): Promise<Adapter> {
  const { ca } = await testAuthority();
  const provider = new InternalEsignProvider({
    ca,
    store: new MemoryProviderStore(),
    callbackAppId: 'srm-internal',
    callbackSecret: 'a secret the receiver shares',
    signUrl: (flowId, accountId) => ({
      url: `https://srm.example.cn/sign?flow=${flowId}&account=${accountId}`,
      expiresAt: new Date(Date.now() + 60_000),
    }),
  });
  return {
    provider,
    async complete(flowId, accountId) {
      await provider.querySignUrl(flowId, accountId);
      await provider.sign(flowId, accountId);
    },
    close: async () => undefined,
  };
}

async function httpAdapter(): Promise<Adapter> {
  const peer: EsignPeer = await startEsignPeer();
  const provider = new HttpEsignProvider({ url: peer.url, appId: peer.appId, appSecret: peer.appSecret });
  return {
    provider,
    async complete(flowId, accountId) {
      const { url } = await provider.querySignUrl(flowId, accountId);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const signed = await peer.signAt(url);
      expect(signed.status).toBe(200);
    },
    close: () => peer.close(),
  };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EsignProviderError);
  return (error as EsignProviderError).code;
};

describe.each([
  ['the internal provider', internalAdapter],
  ['the HTTP provider (stand-in peer)', httpAdapter],
])('%s', (_name, makeAdapter) => {
  let adapter: Adapter;
  let provider: EsignProvider;
  const sink = new CallbackSink();
  let buyer: string;
  let supplier: string;
  let pdf: Uint8Array;
  let seal: Uint8Array;

  beforeAll(async () => {
    adapter = await makeAdapter();
    provider = adapter.provider;
    await sink.start();
    pdf = await contractPdf(2, 10);
    seal = await sealPng();
    buyer = (
      await provider.createOrgAccount({
        externalId: 'org-1',
        name: '苏州精密五金有限公司',
        creditCode: '91320500MA1MXXXX0X',
      })
    ).accountId;
    supplier = (await provider.createPersonAccount({ externalId: 'person-7', name: '李娜' })).accountId;
  }, 60_000);

  afterAll(async () => {
    await sink.close();
    await adapter.close();
  });

  const signers = (): FlowSigner[] => [
    {
      accountId: buyer,
      sealKind: 'ORG_SEAL',
      fieldName: 'party_a_seal',
      order: 1,
      position: { page: -1, rect: [60, 50, 220, 90] },
      seal,
    },
    {
      accountId: supplier,
      sealKind: 'PERSONAL_SIGNATURE',
      fieldName: 'party_b_seal',
      order: 2,
      position: { page: -1, rect: [320, 50, 220, 90] },
    },
  ];

  const start = (flowKey: string) =>
    provider.startHandSignFlow({
      flowKey,
      title: `Contract ${flowKey}`,
      fileName: `${flowKey}.pdf`,
      document: pdf,
      signers: signers(),
      callbackUrl: sink.url,
    });

  it('answers the same account for the same external id', async () => {
    const again = await provider.createPersonAccount({ externalId: 'person-7', name: '李娜' });
    expect(again.accountId).toBe(supplier);
    expect(again.externalId).toBe('person-7');
    const other = await provider.createPersonAccount({ externalId: 'person-8', name: '王强' });
    expect(other.accountId).not.toBe(supplier);
  });

  it('refuses an organisation account with a credit code that does not check', async () => {
    expect(
      await refusal(
        provider.createOrgAccount({
          externalId: 'org-bad',
          name: '某公司',
          creditCode: '91320500MA1MXXXX01',
        }),
      ),
    ).toBe('BAD_INPUT');
  });

  it('signs in order, tells each step, and hands back a document both signatures of which verify', async () => {
    const { flowId } = await start('HT-1');
    expect((await start('HT-1')).flowId).toBe(flowId);
    expect(await refusal(provider.querySignUrl(flowId, supplier))).toBe('NOT_YOUR_TURN');
    const stranger = (await provider.createPersonAccount({ externalId: 'person-9', name: '赵六' })).accountId;
    expect(await refusal(provider.querySignUrl(flowId, stranger))).toBe('SIGNER_UNKNOWN');
    const url = await provider.querySignUrl(flowId, buyer);
    expect(url.expiresAt.getTime()).toBeGreaterThan(Date.now());

    const before = sink.received.length;
    await adapter.complete(flowId, buyer);
    let status = await provider.getFlowStatus(flowId);
    expect(status.state).toBe('SIGNING');
    expect(status.flowKey).toBe('HT-1');
    expect(status.signers.map((signer) => !!signer.signedAt)).toEqual([true, false]);
    expect(await refusal(provider.querySignUrl(flowId, buyer))).toBe('SIGNER_DONE');

    await adapter.complete(flowId, supplier);
    status = await provider.getFlowStatus(flowId);
    expect(status.state).toBe('FINISHED');
    expect(status.signers.every((signer) => signer.signedAt instanceof Date)).toBe(true);
    expect(await refusal(provider.querySignUrl(flowId, supplier))).toBe('FLOW_CLOSED');

    const events = await Promise.all(
      sink.received.slice(before).map((request) => provider.handleCallback(request)),
    );
    expect(events.map((event) => [event.kind, event.accountId ?? null, event.flowKey])).toEqual([
      ['SIGNER_FINISHED', buyer, 'HT-1'],
      ['SIGNER_FINISHED', supplier, 'HT-1'],
      ['FLOW_FINISHED', null, 'HT-1'],
    ]);
    expect(new Set(events.map((event) => event.serialNumber)).size).toBe(3);

    const signed = await provider.downloadSignedDocument(flowId);
    const report = await verifyPdf(signed, { trustedRoots: [...(await provider.trustedRoots())] });
    expect(report.signatures.map((signature) => signature.fieldName)).toEqual([
      'party_a_seal',
      'party_b_seal',
    ]);
    for (const signature of report.signatures) {
      expect(signature.digestMatches).toBe(true);
      expect(signature.signatureValid).toBe(true);
      expect(signature.chain.trusted).toBe(true);
      expect(signature.coverage.modifiedAfterSigning).toBe(false);
    }
    expect(report.signatures[0]!.signer?.commonName).toBe('苏州精密五金有限公司');
    expect(report.signatures[1]!.signer?.commonName).toBe('李娜');
    // Another provider's root does not make its signatures trusted.
    const { rootPem } = await testAuthority();
    const foreign = await verifyPdf(signed, { trustedRoots: [rootPem] });
    expect(foreign.signatures.every((signature) => !signature.chain.trusted)).toBe(true);
  }, 60_000);

  it('refuses a callback altered or signed with another secret; a replay carries the same serial', async () => {
    const { flowId } = await start('HT-2');
    const before = sink.received.length;
    await adapter.complete(flowId, buyer);
    const delivered = sink.received[before]!;
    const event = await provider.handleCallback(delivered);
    expect(event.kind).toBe('SIGNER_FINISHED');
    expect((await provider.handleCallback(delivered)).serialNumber).toBe(event.serialNumber);
    const altered = { ...delivered, body: delivered.body.replace(buyer, supplier) };
    expect(await refusal(provider.handleCallback(altered))).toBe('CALLBACK_REFUSED');
    const unsigned = { headers: { 'content-type': 'application/json' }, body: delivered.body };
    expect(await refusal(provider.handleCallback(unsigned))).toBe('CALLBACK_REFUSED');
    const stale = {
      ...delivered,
      headers: { ...delivered.headers, 'x-esign-timestamp': String(Date.now() - 3_600_000) },
    };
    expect(await refusal(provider.handleCallback(stale))).toBe('CALLBACK_REFUSED');
  }, 60_000);

  it('cancels a flow: no one signs it any more, and the cancellation is told', async () => {
    const { flowId } = await start('HT-3');
    const before = sink.received.length;
    await provider.cancelFlow(flowId, 'contract voided');
    expect((await provider.getFlowStatus(flowId)).state).toBe('CANCELLED');
    expect(await refusal(provider.querySignUrl(flowId, buyer))).toBe('FLOW_CLOSED');
    await provider.cancelFlow(flowId, 'again');
    const events = await Promise.all(
      sink.received.slice(before).map((request) => provider.handleCallback(request)),
    );
    expect(events.map((event) => event.kind)).toEqual(['FLOW_CANCELLED']);
  }, 60_000);

  it('places a field by keyword, and refuses a keyword the document does not hold', async () => {
    const [first, second] = signers();
    const byKeyword = (keyword: string, flowKey: string) =>
      provider.startHandSignFlow({
        flowKey,
        title: 'x',
        fileName: 'x.pdf',
        document: pdf,
        signers: [first!, { ...second!, position: { keyword } }],
      });
    expect((await byKeyword('page 2 of 2', 'HT-KW-1')).flowId).toBeTruthy();
    expect(await refusal(byKeyword('乙方（盖章）', 'HT-KW-2'))).toBe('BAD_INPUT');
  });

  it('answers FLOW_UNKNOWN for a flow it never made, and refuses a signer without an account', async () => {
    expect(await refusal(provider.getFlowStatus('flow-that-never-was'))).toBe('FLOW_UNKNOWN');
    expect(
      await refusal(
        provider.startHandSignFlow({
          flowKey: 'HT-4',
          title: 'x',
          fileName: 'x.pdf',
          document: pdf,
          signers: [{ ...signers()[0]!, accountId: 'acc-nobody' }],
        }),
      ),
    ).toBe('ACCOUNT_UNKNOWN');
  });
});

describe('the stand-in provider', () => {
  it('refuses requests not signed by the application', async () => {
    const peer = await startEsignPeer();
    try {
      const answer = await fetch(`${peer.url}/v3/ca/roots`);
      expect(answer.status).toBe(401);
      const wrong = new HttpEsignProvider({ url: peer.url, appId: peer.appId, appSecret: 'not the secret' });
      expect(await refusal(wrong.trustedRoots())).toBe('PROVIDER_FAILED');
    } finally {
      await peer.close();
    }
  });
});
