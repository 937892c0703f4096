import type { ReportDetail } from '@app/core/casework-api';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatSize } from '../staff/format.ts';

/** Photos previewed, every file downloadable (always as a download, never opened by the site). */
export function AttachmentsPanel({ report }: { report: ReportDetail }) {
  const { t, language } = useTranslation();
  const base = `/api/internal/reports/${report.id}/attachments`;
  return (
    <section className="staff-panel" aria-labelledby="files-title">
      <h2 id="files-title">{t('casework.attachmentsTitle')}</h2>
      {report.attachments.length === 0 ? (
        <p>{t('casework.noAttachments')}</p>
      ) : (
        <ul className="attachment-list">
          {report.attachments.map((file, index) => (
            <li key={file.id}>
              {file.isImage && (
                <img
                  src={`${base}/${file.id}?preview=1`}
                  alt={t('casework.preview', { number: index + 1 })}
                  loading="lazy"
                />
              )}
              <a href={`${base}/${file.id}`} download>
                {t('casework.download', { number: index + 1, size: formatSize(file.size, language) })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
