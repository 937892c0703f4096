import type { ReportDetail } from '@app/core/casework/casework-api';
import { formatFileSize } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

/** Photos previewed, every file downloadable (always as a download, never opened by the site), each
 * with the note that its metadata was removed, or, for a PDF received before PDFs were cleaned, a
 * warning that it may still name its author. */
export function AttachmentList({ reportId, files }: { reportId: string; files: ReportDetail['attachments'] }) {
  const { t, language } = useTranslation();
  const base = `/api/internal/reports/${reportId}/attachments`;
  return (
    <ul className="attachment-list">
      {files.map((file, index) => (
        <li key={file.id}>
          {file.isImage && (
            <img
              src={`${base}/${file.id}?preview=1`}
              alt={t('casework.preview', { number: index + 1 })}
              loading="lazy"
            />
          )}
          <a href={`${base}/${file.id}`} download>
            {t('casework.download', { number: index + 1, size: formatFileSize(file.size, language) })}
          </a>
          {/* Photos are re-encoded and PDFs rewritten as they arrive (decision 0031); PDFs received
              before that were stored as they came, until `npm run clean-old-pdfs` cleans them. */}
          {file.metadataRemoved ? (
            <small className="attachment-note">{t('casework.metadataRemoved')}</small>
          ) : (
            <p className="attachment-warning" data-testid="attachment-metadata-kept">
              {t('casework.metadataNotRemoved')}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The files sent with the report itself (those sent later are in the thread). */
export function AttachmentsPanel({ report }: { report: ReportDetail }) {
  const { t } = useTranslation();
  return (
    <section className="staff-panel" aria-labelledby="files-title">
      <h2 id="files-title">{t('casework.attachmentsTitle')}</h2>
      {report.attachments.length === 0 ? (
        <p>{t('casework.noAttachments')}</p>
      ) : (
        <AttachmentList reportId={report.id} files={report.attachments} />
      )}
    </section>
  );
}
