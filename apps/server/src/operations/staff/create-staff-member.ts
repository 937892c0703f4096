import { randomUUID } from 'node:crypto';
import { type NewStaffInput, newStaffSchema } from '@app/core/staff';
import type { StaffChange } from '@app/core/staff-api';
import { hashPassword } from '../../auth/password-hash.ts';
import { staffAccount, staffUser } from '../../db/staff-schema.ts';
import { firstCode, type OperationDeps } from '../operation-context.ts';
import { newSetPasswordLink } from './issue-set-password-link.ts';
import { auditStaff, authorizeManager, type StaffManager } from './staff-manager.ts';

const UNIQUE_VIOLATION = '23505';

/**
 * Adds a member. With a password (the command line) they can sign in at once; otherwise they get
 * a link to choose one. The account, its link and the audit row are written together; the same
 * address twice, even at the same moment, is `emailTaken`. Permission: staff:manage.
 */
export async function createStaffMember(
  deps: OperationDeps,
  manager: StaffManager,
  input: NewStaffInput,
  password?: string,
): Promise<StaffChange<{ id: string; setPasswordUrl: string }>> {
  await authorizeManager(deps, manager);
  const parsed = newStaffSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: firstCode(parsed.error) };
  const { email, name, role } = parsed.data;
  const hash = password ? await hashPassword(password) : undefined;
  const id = randomUUID();
  try {
    return await deps.db.transaction(async (tx) => {
      const now = new Date();
      await tx.insert(staffUser).values({ id, email, name, role, emailVerified: true, createdAt: now, updatedAt: now });
      if (hash) {
        await tx
          .insert(staffAccount)
          .values({ id: randomUUID(), userId: id, providerId: 'credential', accountId: id, password: hash });
      }
      const setPasswordUrl = hash ? '' : await newSetPasswordLink(deps, tx, id);
      await auditStaff(deps, tx, manager, 'staff.created', id, { role });
      return { ok: true, id, setPasswordUrl } as const;
    });
  } catch (error) {
    if ((error as { code?: string; cause?: { code?: string } }).code === UNIQUE_VIOLATION) {
      return { ok: false, code: 'emailTaken' };
    }
    if ((error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION)
      return { ok: false, code: 'emailTaken' };
    throw error;
  }
}
