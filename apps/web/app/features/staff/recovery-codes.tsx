import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** The recovery codes, shown once, with copy and print, and a confirmation before going on. */
export function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  const [isStored, setStored] = useState(false);
  // Without JavaScript the checkbox cannot unlock the link: show it at once.
  const isHydrated = useHydrated();
  return (
    <>
      <p>{t('enrol.recoveryIntro')}</p>
      <ul className="recovery-codes" aria-label={t('enrol.recoveryListLabel')} dir="ltr">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="actions no-print">
        <button
          type="button"
          className="button button--secondary js-only"
          onClick={async () => {
            await navigator.clipboard.writeText(codes.join('\n'));
            setCopied(true);
          }}
        >
          {isCopied ? t('enrol.copied') : t('enrol.copy')}
        </button>
        <button type="button" className="button button--secondary js-only" onClick={() => window.print()}>
          {t('enrol.print')}
        </button>
      </div>
      <p className="choice no-print">
        <input
          id="codes-stored"
          type="checkbox"
          checked={isStored}
          onChange={(event) => setStored(event.target.checked)}
        />
        <label htmlFor="codes-stored">{t('enrol.confirmStored')}</label>
      </p>
      <p className="no-print">
        {isStored || !isHydrated ? (
          <Link className="button button--primary" to={next}>
            {t('enrol.continue')}
          </Link>
        ) : (
          <span className="button button--primary" aria-disabled="true">
            {t('enrol.continue')}
          </span>
        )}
      </p>
    </>
  );
}
