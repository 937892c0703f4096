import { formatReceipt } from '@app/core/forms/follow-up';
import type { Language } from '@app/locales/languages';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RichText } from '../../i18n/rich-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useSite } from '../../lib/use-site.ts';
import { localizedPath } from '../../paths.ts';

/**
 * Prints the receipt card alone (print.css hides the rest of the page while the root has the class
 * `printing-receipt`), then gives the page back after printing.
 */
export function printReceipt() {
  const root = document.documentElement;
  root.classList.add('printing-receipt');
  const done = () => {
    root.classList.remove('printing-receipt');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

/** Copies text, with the old way as a fallback where the clipboard API is missing (plain http). */
async function copyText(text: string, fallbackSource: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!fallbackSource) return false;
    const range = document.createRange();
    range.selectNodeContents(fallbackSource);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    const copied = document.execCommand('copy');
    selection?.removeAllRanges();
    return copied;
  }
}

/**
 * The receipt, shown once after a report is sent: large, in groups of four, with copy and print,
 * a plain warning that it cannot be recovered, and a box the reporter ticks to say it is kept.
 */
export function ReceiptPanel({
  receipt,
  language,
  isKept,
  onKeptChange,
  showKeepError,
  host,
}: {
  receipt: string;
  language: Language;
  /** The site's host, where `window` is not there (the server's HTML for a form sent without JavaScript). */
  host?: string;
  isKept: boolean;
  onKeptChange(kept: boolean): void;
  showKeepError: boolean;
}) {
  const { t } = useTranslation();
  const organisation = useSite()?.organisationName ?? '';
  const id = useId();
  const code = useRef<HTMLParagraphElement>(null);
  const keptBox = useRef<HTMLInputElement>(null);
  // Asked to confirm first: the box takes the focus, with its message read out.
  useEffect(() => {
    if (showKeepError) keptBox.current?.focus();
  }, [showKeepError]);
  const [copyState, setCopyState] = useState<'copied' | 'copyFailed'>();
  const grouped = formatReceipt(receipt);
  const followUpPath = localizedPath('followUp', language);
  const address = `${host ?? window.location.host}${followUpPath}`;
  const isEnhanced = useHydrated();

  return (
    <section className="receipt-card" aria-labelledby={`${id}-title`}>
      <p className="receipt-card__print-heading">{t('receipt.printHeading', { organisation })}</p>
      <h3 id={`${id}-title`}>{t('receipt.title')}</h3>
      <p>{t('receipt.intro')}</p>
      {/* Read out digit by digit; shown in four groups, left to right in every language. */}
      <p className="visually-hidden">
        {t('receipt.label')}: {receipt.split('').join(' ')}
      </p>
      <p ref={code} className="receipt-card__code" dir="ltr" aria-hidden="true" translate="no">
        {/* Groups wrap two by two on a narrow phone, never inside a group. */}
        {grouped.split(' ').map((group, index) => (
          <Fragment key={group + String(index)}>
            {index > 0 && ' '}
            <span>{group}</span>
          </Fragment>
        ))}
      </p>
      <p className="receipt-card__warning">
        <strong>{t('receipt.warning')}</strong>
      </p>
      {/* Copy and print need JavaScript; without it the browser's own menu prints the page. */}
      {isEnhanced && (
        <div className="receipt-card__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              void copyText(grouped, code.current).then((ok) => setCopyState(ok ? 'copied' : 'copyFailed'))
            }
          >
            {t('receipt.copy')}
          </button>
          <button type="button" className="button button--secondary" onClick={printReceipt}>
            {t('receipt.print')}
          </button>
        </div>
      )}
      <p role="status" className="receipt-card__copy-state">
        {copyState ? t(`receipt.${copyState}`) : ''}
      </p>
      <p>
        <RichText
          template={t('receipt.whereToUse')}
          values={{ address }}
          components={{ link: (text) => <Link to={followUpPath}>{text}</Link> }}
        />
      </p>
      <div className={`form-field checkbox-field${showKeepError ? ' form-field--invalid' : ''}`}>
        {showKeepError && (
          <p id={`${id}-error`} className="form-field__error">
            {t('receipt.confirmFirst')}
          </p>
        )}
        <div className="choice">
          <input
            ref={keptBox}
            id={`${id}-kept`}
            type="checkbox"
            checked={isKept}
            onChange={(event) => onKeptChange(event.target.checked)}
            aria-describedby={showKeepError ? `${id}-error` : undefined}
            aria-invalid={showKeepError || undefined}
          />
          <label htmlFor={`${id}-kept`} className="choice__text">
            <span className="choice__label">{t('receipt.confirm')}</span>
          </label>
        </div>
      </div>
    </section>
  );
}
