// The platform's certification authority for contracts, kept in the database: opened for each
// use (a few milliseconds), created on first use under an advisory lock so that two app nodes
// starting at once make one CA, not two. The master key that seals every private key comes
// from the seal key (HKDF), so app nodes that share the seal key share the CA and nothing more
// needs configuring (docs/esign.md).
import { eq, sql } from 'drizzle-orm';
import {
  type CaRecords,
  type CaStore,
  CertificateAuthority,
  type DataApi,
  type EntityRuntime,
  MasterKey,
  PdfSigner,
} from '@srm/platform';
import { srmCctEsignCa } from './esign.tables';

/** The name in the CA's certificates (an operator may import its own hierarchy instead). */
const CA_ORGANISATION = 'SRM Platform Contract Signing';

class TableCaStore implements CaStore {
  constructor(private readonly runtime: EntityRuntime) {}

  async get<K extends keyof CaRecords>(name: K): Promise<CaRecords[K] | undefined> {
    const [row] = await this.runtime
      .executor()
      .select({ record: srmCctEsignCa.record })
      .from(srmCctEsignCa)
      .where(eq(srmCctEsignCa.name, name));
    return row?.record as CaRecords[K] | undefined;
  }

  async put<K extends keyof CaRecords>(name: K, record: CaRecords[K]): Promise<void> {
    const now = new Date(this.runtime.clock.nowMs());
    await this.runtime
      .executor()
      .insert(srmCctEsignCa)
      .values({ name, record, updatedAt: now })
      .onConflictDoUpdate({ target: srmCctEsignCa.name, set: { record, updatedAt: now } });
  }
}

const masterKey = (runtime: EntityRuntime) => MasterKey.fromBytes(runtime.sealer.derive('esign-master-key'));

/**
 * The CA, created the first time it is asked for. Call inside the request's transaction: the
 * advisory lock is held until it ends, and changes to the CRL are serialised by the same lock.
 */
export async function contractCa(ctx: DataApi): Promise<CertificateAuthority> {
  const { runtime } = ctx;
  await runtime.executor().execute(sql`select pg_advisory_xact_lock(hashtext('srm_cct_esign_ca'))`);
  const store = new TableCaStore(runtime);
  const options = { organisation: CA_ORGANISATION, country: 'CN', now: ctx.now };
  const key = masterKey(runtime);
  if (await store.get('root')) return CertificateAuthority.open(store, key, options);
  return CertificateAuthority.create(store, key, options);
}

/** The signer, on the platform's clock. */
export const pdfSigner = (ctx: DataApi) => new PdfSigner({ now: () => new Date(ctx.runtime.clock.nowMs()) });
