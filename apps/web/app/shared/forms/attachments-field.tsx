import { ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@app/core/forms/limits';
import { useId, useRef } from 'react';
import { formatFileSize } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

const EXTENSIONS = Object.values(ATTACHMENT_TYPES).flat();
const ACCEPT = [...Object.keys(ATTACHMENT_TYPES), ...EXTENSIONS.map((extension) => `.${extension}`)].join(',');

/** A first check in the browser, so that nobody waits for an upload the server would refuse. */
export function checkFile(file: File): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(EXTENSIONS as readonly string[]).includes(extension)) return 'UNSUPPORTED_FILE_TYPE';
  if (file.size > MAX_ATTACHMENT_BYTES) return 'FILE_TOO_LARGE';
  return undefined;
}

const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;

export function AttachmentsField({
  files,
  onChange,
  error,
  name,
  hint,
}: {
  files: File[];
  onChange(files: File[], error?: { code: string; file?: string }): void;
  error?: string;
  /** Without JavaScript the input itself is sent with the form, under this name. */
  name?: string;
  /** A hint of its own, in place of the usual one. */
  hint?: string;
}) {
  const { t, language } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const add = (selected: FileList | null) => {
    const next = [...files];
    let problem: { code: string; file?: string } | undefined;
    for (const file of Array.from(selected ?? [])) {
      const code = checkFile(file);
      if (code) problem ??= { code, file: file.name };
      else if (next.some((kept) => fileKey(kept) === fileKey(file)))
        continue; // chosen twice
      else if (next.length >= MAX_ATTACHMENTS) problem ??= { code: 'TOO_MANY_FILES' };
      else next.push(file);
    }
    onChange(next, problem);
    if (input.current) input.current.value = ''; // the same file can be chosen again after removal
  };

  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {t('reportForm.attachments')} <span className="form-field__optional">({t('forms.optional')})</span>
      </label>
      <p id={`${id}-hint`} className="form-field__hint">
        {hint ?? t('reportForm.attachmentsHint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {error}
        </p>
      )}
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        multiple
        accept={ACCEPT}
        className="file-input"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        disabled={files.length >= MAX_ATTACHMENTS}
        onChange={(event) => add(event.currentTarget.files)}
      />
      {files.length > 0 && (
        <ul className="file-list">
          {files.map((file, index) => (
            <li key={fileKey(file)}>
              <span className="file-list__name" dir="auto">
                {file.name}
              </span>
              <span className="file-list__size">{formatFileSize(file.size, language)}</span>
              <button
                type="button"
                className="link-button"
                onClick={() => onChange(files.filter((_, other) => other !== index))}
              >
                {t('reportForm.removeFile', { file: file.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
