// Password storage: scrypt with a random salt per password (N = 2^15 by default), compared in
// constant time. The cost is part of the stored value, so it can be raised later.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  const N = 2 ** cost;
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, { N, r: 8, p: 1, maxmem: 256 * N * 8 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Cost exponent: SRM_SCRYPT_COST (10–20), 15 by default. */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): number {
  const cost = Number(env.SRM_SCRYPT_COST ?? 15);
  return Number.isInteger(cost) && cost >= 10 && cost <= 20 ? cost : 15;
}

export async function hashPassword(password: string, cost = scryptCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return `scrypt$${cost}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 4 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check, so that a missing account cannot be told apart.
    await scrypt(password, randomBytes(16), scryptCost());
    return false;
  }
  const key = await scrypt(password, Buffer.from(parts[2]!, 'base64'), Number(parts[1]));
  const expected = Buffer.from(parts[3]!, 'base64');
  return expected.length === key.length && timingSafeEqual(expected, key);
}
