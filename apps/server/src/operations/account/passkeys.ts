import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { type PasskeyCeremonyOptions, type PasskeySummary, passkeyNameSchema } from '@app/core/staff/passkeys';
import type { RequestFacts } from '@app/core/staff/staff-api';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { callAuth } from '../../auth/auth-call.ts';
import { staffPasskey } from '../../db/staff-schema.ts';
import type { Actor, OperationDeps, Tx } from '../operation-context.ts';

/*
 * The member's own passkeys (decision 0032). No role is needed: each operation acts only on the
 * actor's own passkeys, found by id *and* owner inside its transaction, so another member's id is
 * `passkeys.notFound` (and an attempt on it is audited as a refused access). The session is a
 * complete one (password and second factor), or the operations object would not exist.
 *
 * Adding a passkey has two steps. better-auth's plugin verifies the device's answer and stores the
 * passkey without a name; then one transaction of ours gives it its name and writes the audit row.
 * A passkey without a name is unfinished: it is not listed and signs nobody in
 * (`auth/passkey-sign-in.ts`), so nothing usable exists without its audit row.
 */

/** The member's finished passkeys, oldest first. */
export async function listPasskeys(deps: OperationDeps, actor: Actor): Promise<PasskeySummary[]> {
  const rows = await deps.db
    .select()
    .from(staffPasskey)
    .where(and(eq(staffPasskey.userId, actor.id), isNotNull(staffPasskey.name)))
    .orderBy(asc(staffPasskey.createdAt), asc(staffPasskey.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? '',
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  }));
}

/** The options for the browser to create a passkey for this member, with the challenge's cookie. */
export async function passkeyRegistrationOptions(
  deps: OperationDeps,
  actor: Actor,
  request: RequestFacts,
): Promise<{ options: PasskeyCeremonyOptions; setCookies: string[] }> {
  const result = await callAuth(() =>
    deps.auth.api.generatePasskeyRegistrationOptions({
      headers: request.headers,
      query: { name: actor.email },
      asResponse: true,
    }),
  );
  if (result.errorCode) throw new Error(`passkey registration options failed: ${result.errorCode}`);
  // The member's name as the device shows it beside the site's ("Sarah Cohen · example.org").
  const user = { ...(result.body.user as Record<string, unknown>), displayName: actor.name };
  return { options: { ...result.body, user }, setCookies: result.setCookies };
}

/**
 * Verifies the device's answer, then names the passkey and audits it in one transaction. A device's
 * answer that does not verify is `passkeys.notVerified` (audited as a refused access).
 */
export async function registerPasskey(
  deps: OperationDeps,
  actor: Actor,
  input: { name: string; response: string },
  request: RequestFacts,
): Promise<{ id: string; setCookies: string[] }> {
  const name = parsedOrThrow('passkeys', passkeyNameSchema.safeParse(input.name));
  let response: Record<string, unknown>;
  try {
    response = parseObject(input.response);
  } catch {
    throw new AppError('passkeys.notVerified');
  }
  const verified = await callAuth(() =>
    deps.auth.api.verifyPasskeyRegistration({
      body: { response },
      headers: request.headers,
      asResponse: true,
    }),
  );
  const id = verified.body.id;
  if (verified.errorCode || typeof id !== 'string') {
    await deps.audit.record({
      action: 'access.denied',
      actorId: actor.id,
      details: { passkey: 'registration-refused', reason: (verified.errorCode ?? 'no-id').toLowerCase() },
    });
    throw new AppError('passkeys.notVerified');
  }
  let named: boolean;
  try {
    named = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffPasskey)
        .set({ name })
        .where(and(eq(staffPasskey.id, id), eq(staffPasskey.userId, actor.id), isNull(staffPasskey.name)))
        .returning({ id: staffPasskey.id });
      if (!row) return false;
      await auditPasskey(deps, tx, actor, 'passkey.registered', id);
      return true;
    });
  } catch (error) {
    // Nothing is left half-made: the unnamed passkey would sign nobody in, but it goes too.
    await deps.db.delete(staffPasskey).where(and(eq(staffPasskey.id, id), isNull(staffPasskey.name)));
    throw error;
  }
  if (!named) throw new AppError('passkeys.notFound');
  return { id, setCookies: verified.setCookies };
}

export async function renamePasskey(deps: OperationDeps, actor: Actor, id: string, newName: string): Promise<void> {
  const name = parsedOrThrow('passkeys', passkeyNameSchema.safeParse(newName));
  await requireOwn(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffPasskey)
      .set({ name })
      .where(and(eq(staffPasskey.id, id), eq(staffPasskey.userId, actor.id), isNotNull(staffPasskey.name)))
      .returning({ id: staffPasskey.id });
    if (!row) throw new AppError('passkeys.notFound');
    await auditPasskey(deps, tx, actor, 'passkey.renamed', id);
  });
}

export async function removePasskey(deps: OperationDeps, actor: Actor, id: string): Promise<void> {
  await requireOwn(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(staffPasskey)
      .where(and(eq(staffPasskey.id, id), eq(staffPasskey.userId, actor.id)))
      .returning({ id: staffPasskey.id });
    if (!row) throw new AppError('passkeys.notFound');
    await auditPasskey(deps, tx, actor, 'passkey.removed', id);
  });
}

/**
 * The id must name one of the actor's passkeys, or it is `passkeys.notFound`. An id of another
 * member's passkey is refused the same way and audited (the page never offers one); the audit row
 * is written with the pool, before the refusal, so it stays.
 */
async function requireOwn(deps: OperationDeps, actor: Actor, id: string): Promise<void> {
  const [row] =
    id && id.length <= 64
      ? await deps.db.select({ userId: staffPasskey.userId }).from(staffPasskey).where(eq(staffPasskey.id, id)).limit(1)
      : [];
  if (row?.userId === actor.id) return;
  if (row) {
    await deps.audit.record({ action: 'access.denied', actorId: actor.id, details: { passkey: id, role: actor.role } });
  }
  throw new AppError('passkeys.notFound');
}

function auditPasskey(
  deps: OperationDeps,
  tx: Tx,
  actor: Actor,
  action: 'passkey.registered' | 'passkey.renamed' | 'passkey.removed',
  id: string,
) {
  // The passkey's id only: its name is the member's own words ("Sarah's phone").
  return deps.audit.record(
    { action, actorId: actor.id, subjectType: 'staff', subjectId: actor.id, details: { passkeyId: id } },
    tx,
  );
}

function parseObject(text: string): Record<string, unknown> {
  if (text.length > 65_536) throw new Error('too large');
  const value: unknown = JSON.parse(text);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}
