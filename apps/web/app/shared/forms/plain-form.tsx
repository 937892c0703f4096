import { useTranslation } from '../../i18n/use-translation.ts';

/**
 * The values of the fields that are not on screen, as hidden fields of a form sent without
 * JavaScript: the earlier and later steps of the report form travel in the body of each post, so
 * that nothing is stored on the server before the last step is sent. A box ticked is "on".
 */
export function HiddenFields({ values }: { values: Readonly<Record<string, string | boolean>> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => {
        if (value === false || value === '') return null;
        return <input key={name} type="hidden" name={name} value={value === true ? 'on' : value} />;
      })}
    </>
  );
}

/**
 * Said only to a browser without JavaScript: the form works, and what it needs (the form token's
 * cookie). With JavaScript the note is never rendered (a <noscript> is inert then).
 */
export function WithoutJavaScriptNote({ message = 'forms.withoutJavaScript' }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <noscript>
      <p className="notice">{t(message)}</p>
    </noscript>
  );
}
