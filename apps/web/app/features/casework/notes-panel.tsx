import type { ReportDetail } from '@app/core/casework/casework-api';
import { NOTE_MAX_LENGTH } from '@app/core/casework/report-workflow';
import { Form } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LongTextField, SelectField } from '../../shared/forms/input-fields.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';

/** Who the report is assigned to, and the notes only staff see. */
export function NotesPanel({
  report,
  assignees,
  noteDraft,
}: {
  report: ReportDetail;
  assignees: { id: string; name: string }[];
  noteDraft?: string;
}) {
  const { t, language } = useTranslation();
  return (
    <>
      <section className="staff-panel" aria-labelledby="assign-title">
        <h2 id="assign-title">{t('casework.assignTitle')}</h2>
        <Form method="post" className="staff-form" noValidate>
          <SelectField
            label={t('casework.assignedTo')}
            name="assignee"
            defaultValue={report.assignedTo?.id ?? ''}
            options={[
              { value: '', label: t('casework.nobody') },
              ...assignees.map((member) => ({ value: member.id, label: member.name })),
            ]}
          />
          <SubmitButton label={t('casework.assignSubmit')} intent="assign" variant="secondary" />
        </Form>
      </section>
      <section className="staff-panel" aria-labelledby="notes-title">
        <h2 id="notes-title">{t('casework.notesTitle')}</h2>
        <p className="muted">{t('casework.notesIntro')}</p>
        {report.notes.length === 0 ? (
          <p>{t('casework.noNotes')}</p>
        ) : (
          <ul className="note-list">
            {report.notes.map((note) => (
              <li key={note.id}>
                <p className="muted">
                  {formatDateTime(note.createdAt, language)}
                  {note.author && ` · ${note.author}`}
                </p>
                <p className="user-text">{note.body}</p>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="staff-form" noValidate key={report.notes.length}>
          <LongTextField
            id="new-note"
            name="note"
            label={t('casework.newNote')}
            maxLength={NOTE_MAX_LENGTH}
            defaultValue={noteDraft}
          />
          <SubmitButton label={t('casework.addNote')} intent="note" variant="secondary" />
        </Form>
      </section>
    </>
  );
}
