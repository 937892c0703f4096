import type { ReportDetail } from '@app/core/casework/casework-api';
import { LANGUAGE_CODES } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translator.ts';
import { TranslationContext } from '../../i18n/use-translation.ts';
import { AttachmentList } from './attachments-panel.tsx';

afterEach(cleanup);

const files: ReportDetail['attachments'] = [
  {
    id: 'b3f1c2a0-0000-4000-8000-000000000001',
    contentType: 'image/jpeg',
    size: 120_000,
    isImage: true,
    metadataRemoved: true,
  },
  {
    id: 'b3f1c2a0-0000-4000-8000-000000000002',
    contentType: 'application/pdf',
    size: 80_000,
    isImage: false,
    metadataRemoved: true,
  },
  // A PDF received before PDFs were cleaned (decision 0031).
  {
    id: 'b3f1c2a0-0000-4000-8000-000000000003',
    contentType: 'application/pdf',
    size: 90_000,
    isImage: false,
    metadataRemoved: false,
  },
];

describe('AttachmentList', () => {
  it.each(LANGUAGE_CODES)(
    'says "metadata removed" only of cleaned files, and warns about an old PDF (%s)',
    (language) => {
      const messages = resources[language].internal;
      render(
        <TranslationContext.Provider value={{ language, t: createTranslator(language, messages) }}>
          <AttachmentList reportId="b3f1c2a0-0000-4000-8000-00000000000a" files={files} />
        </TranslationContext.Provider>,
      );
      // The text as shown (the French sentences keep their non-breaking spaces).
      const texts = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
      expect(texts).toHaveLength(3);
      const [photo, cleanPdf, oldPdf] = texts;
      for (const text of [photo, cleanPdf]) {
        expect(text).toContain(messages.casework.metadataRemoved);
        expect(text).not.toContain(messages.casework.metadataNotRemoved);
      }
      expect(oldPdf).toContain(messages.casework.metadataNotRemoved);
      expect(oldPdf).not.toContain(messages.casework.metadataRemoved);
    },
  );
});
