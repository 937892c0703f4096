import { isUuid } from '@app/core/ids';
import { ATTACHMENT_TYPES, type AttachmentType } from '@app/core/limits';
import { and, eq } from 'drizzle-orm';
import { reportAttachment } from '../../db/schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';

/** One file of a report, opened from storage. Permission: reports:manage. */
export async function reportAttachmentFile(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  attachmentId: string,
): Promise<{ contentType: string; extension: string; data: Uint8Array } | undefined> {
  await authorize(deps, actor, 'reports:manage');
  if (!isUuid(reportId) || !isUuid(attachmentId)) return undefined;
  const [file] = await deps.db
    .select({ fullPath: reportAttachment.fullPath, contentType: reportAttachment.contentType })
    .from(reportAttachment)
    .where(and(eq(reportAttachment.id, attachmentId), eq(reportAttachment.reportId, reportId)))
    .limit(1);
  if (!file) return undefined;
  const { data } = await deps.storage.get(file.fullPath);
  const extension = ATTACHMENT_TYPES[file.contentType as AttachmentType]?.[0] ?? 'bin';
  return { contentType: file.contentType, extension, data };
}
