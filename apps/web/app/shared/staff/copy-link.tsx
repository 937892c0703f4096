import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/** A one-time link shown to an admin, to pass on to a staff member, with a copy button. */
export function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  return (
    <div className="copy-link">
      <p className="copy-link__url" dir="ltr">
        <code data-testid="set-password-link">{url}</code>
      </p>
      <button
        type="button"
        className="button button--secondary js-only"
        onClick={async () => {
          await navigator.clipboard.writeText(url);
          setCopied(true);
        }}
      >
        {isCopied ? t('staff.copied') : t('staff.copyLink')}
      </button>
    </div>
  );
}
