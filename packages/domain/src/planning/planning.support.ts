// What the planning objects' demo data share.

/** `yyyy-MM-dd`, `days` from today. */
export function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
