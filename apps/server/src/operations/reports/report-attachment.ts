import { AppError } from '@app/core/errors/app-error';
import { ATTACHMENT_TYPES, type AttachmentType } from '@app/core/forms/limits';
import { isUuid } from '@app/core/site/ids';
import { and, eq } from 'drizzle-orm';
import { reportAttachment } from '../../db/schema.ts';
import { recordLook } from '../../services/casework/access-log.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';

/**
 * One file of a report, opened from storage, the opening recorded (decision 0049); `NOT_FOUND` when
 * the report has no such file. Permission: reports:manage.
 */
export async function reportAttachmentFile(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  attachmentId: string,
): Promise<{ contentType: string; extension: string; data: Uint8Array }> {
  await authorize(deps, actor, 'reports:manage');
  const [file] =
    isUuid(reportId) && isUuid(attachmentId)
      ? await deps.db
          .select({ fullPath: reportAttachment.fullPath, contentType: reportAttachment.contentType })
          .from(reportAttachment)
          .where(and(eq(reportAttachment.id, attachmentId), eq(reportAttachment.reportId, reportId)))
          .limit(1)
      : [];
  if (!file) throw new AppError('NOT_FOUND');
  // Recorded before the file leaves (decision 0049).
  await recordLook(deps.db, { memberId: actor.id, reportId, attachmentId });
  const { data } = await deps.storage.get(file.fullPath);
  const extension = ATTACHMENT_TYPES[file.contentType as AttachmentType]?.[0] ?? 'bin';
  return { contentType: file.contentType, extension, data };
}
