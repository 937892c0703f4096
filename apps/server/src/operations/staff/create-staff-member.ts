import { randomUUID } from 'node:crypto';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { type NewStaffInput, newStaffSchema } from '@app/core/staff/staff';
import { hashPassword } from '../../auth/password-hash.ts';
import { staffAccount, staffUser } from '../../db/staff-schema.ts';
import type { OperationDeps } from '../operation-context.ts';
import { newSetPasswordLink } from './issue-set-password-link.ts';
import { auditStaff, authorizeManager, type StaffManager } from './staff-manager.ts';

const UNIQUE_VIOLATION = '23505';

/**
 * Adds a member. With a password (the command line) they can sign in at once; otherwise they get
 * a link to choose one. The account, its link and the audit row are written together; the same
 * address twice, even at the same moment, is `staff.emailTaken`. Permission: staff:manage.
 */
export async function createStaffMember(
  deps: OperationDeps,
  manager: StaffManager,
  input: NewStaffInput,
  password?: string,
): Promise<{ id: string; setPasswordUrl: string }> {
  await authorizeManager(deps, manager);
  const { email, name, role } = parsedOrThrow('staff', newStaffSchema.safeParse(input));
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
      return { id, setPasswordUrl };
    });
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    if (code === UNIQUE_VIOLATION || cause?.code === UNIQUE_VIOLATION) throw new AppError('staff.emailTaken');
    throw error;
  }
}
