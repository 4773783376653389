// What every app node of one database must share (ADR 0033). The seal key cannot live in the
// database it seals, so each node is given it (SRM_SEAL_KEY, or the same key file) and proves at
// start that it is the key the database was sealed with. The sign-in RSA key can: it is kept
// sealed in `base_installation_secret`, so a password encrypted with the public key one node
// handed out is read by any node.
import { existsSync, readFileSync } from 'node:fs';
import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { type Database, executor } from '@srm/db';
import type { Sealer } from './seal';
import { installationSecret } from './tables';

const SEAL_CHECK = 'seal-check';
const RSA_KEY = 'rsa-private-key';

/** This node's seal key is not the one the database's sealed values were written with. */
export class SealKeyMismatchError extends Error {
  constructor() {
    super(
      'The seal key (SRM_SEAL_KEY, or keys/seal.key in the data directory) is not the key this ' +
        "database's sealed values were written with. Every app node of one database needs the same " +
        'seal key: copy it from a node that runs, or restore the key file that belongs to this database.',
    );
  }
}

/** The stored value of a secret, written by the first node that needs it (concurrent starts agree on one). */
async function shared(database: Database, name: string, make: () => Promise<string>): Promise<string> {
  const on = executor(database);
  const read = async () =>
    (await on.select().from(installationSecret).where(eq(installationSecret.name, name)))[0]?.sealed;
  const found = await read();
  if (found !== undefined) return found;
  await on
    .insert(installationSecret)
    .values({ name, sealed: await make(), creationDate: new Date() })
    .onConflictDoNothing();
  return (await read())!;
}

function open(sealer: Sealer, sealed: string): unknown {
  try {
    return sealer.open(sealed);
  } catch {
    throw new SealKeyMismatchError();
  }
}

/** Refuses to go on (SealKeyMismatchError) when this node's seal key is not the database's. */
export async function checkSealKey(database: Database, sealer: Sealer): Promise<void> {
  const sealed = await shared(database, SEAL_CHECK, async () => sealer.seal(SEAL_CHECK));
  if (open(sealer, sealed) !== SEAL_CHECK) throw new SealKeyMismatchError();
}

/**
 * The sign-in RSA private key (PEM) all nodes use: SRM_RSA_PRIVATE_KEY when set (the operator
 * shares it), else the one stored for the database, else this node's key file (an installation
 * from before the key was stored) or a new key, stored for the others.
 */
export async function installationRsaKey(
  database: Database,
  sealer: Sealer,
  keyFile: string,
  fromEnv: string | undefined,
): Promise<string> {
  if (fromEnv) return fromEnv.replace(/\\n/g, '\n');
  const sealed = await shared(database, RSA_KEY, async () => {
    if (existsSync(keyFile)) return sealer.seal(readFileSync(keyFile, 'utf8'));
    const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
    return sealer.seal(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  });
  const pem = open(sealer, sealed);
  if (typeof pem !== 'string') throw new SealKeyMismatchError();
  return pem;
}
