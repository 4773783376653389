// Who opens a sealed sourcing event (an inquiry, an auction; later a tender) and when enough of
// them have: the owner (who made it) and the jury members with the opener role, each confirming in
// their own session; the same person twice counts once (ADR 0025). Pure functions over what each
// object reads of its own header and jury rows.

export interface JuryMember {
  readonly userId: number;
  readonly juryRole: string;
  readonly openConfirmedDate: number | null;
}

export interface Openers<M extends JuryMember> {
  readonly owner: number | null;
  readonly ownerConfirmedDate: number | null;
  /** The jury's openers. */
  readonly members: readonly M[];
}

export function openersOf<M extends JuryMember>(
  owner: number | null,
  ownerConfirmedDate: number | null,
  jury: readonly M[],
): Openers<M> {
  return { owner, ownerConfirmedDate, members: jury.filter((member) => member.juryRole === 'OPENER') };
}

/** The openers who confirmed, in the order they did. */
export function confirmedOpeners(openers: Openers<JuryMember>): { userId: number; at: number }[] {
  const list: { userId: number; at: number }[] = [];
  if (openers.owner !== null && openers.ownerConfirmedDate !== null)
    list.push({ userId: openers.owner, at: openers.ownerConfirmedDate });
  for (const member of openers.members)
    if (member.openConfirmedDate !== null && !list.some((c) => c.userId === member.userId))
      list.push({ userId: member.userId, at: member.openConfirmedDate });
  return list.sort((a, b) => a.at - b.at);
}

export function mayOpen(openers: Openers<JuryMember>, userId: number | null): boolean {
  return userId !== null && (userId === openers.owner || openers.members.some((m) => m.userId === userId));
}

/** How many more different people must confirm once this user has (0: it may be opened). */
export function openersMissing(openers: Openers<JuryMember>, userId: number | null, needed: number): number {
  const people = new Set(confirmedOpeners(openers).map((c) => c.userId));
  if (userId !== null) people.add(userId);
  return Math.max(0, needed - people.size);
}

/** What this user's confirmation records: the owner's date, its jury row's, or nothing (already done). */
export function confirmationOf<M extends JuryMember>(
  openers: Openers<M>,
  userId: number | null,
): { readonly owner: true } | { readonly member: M } | null {
  if (userId === null) return null;
  if (userId === openers.owner) return openers.ownerConfirmedDate === null ? { owner: true } : null;
  const mine = openers.members.find((member) => member.userId === userId);
  return mine && mine.openConfirmedDate === null ? { member: mine } : null;
}
