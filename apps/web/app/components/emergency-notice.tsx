import { useRouteLoaderData } from 'react-router';
import { RichText } from '../i18n/rich-text.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import type { RootData } from '../lib/root-data.ts';
import { telHref } from '../lib/tel-href.ts';
import { useSite } from '../lib/use-site.ts';

/**
 * Staff's plain-text wording as a template: angle brackets cannot open a tag, and the two number
 * placeholders become the call links.
 */
function editedTemplate(text: string): string {
  return text
    .replace(/[<>]/g, '')
    .replace('{{emergencyNumber}}', '<emergency>{{emergencyNumber}}</emergency>')
    .replace('{{policeNumber}}', '<police>{{policeNumber}}</police>');
}

/** A number as a link that starts the call, named for a screen reader by what it calls. */
const callLink = (label: string) => (number: string) => (
  <a className="emergency-notice__number" href={telHref(number)} aria-label={label}>
    {number}
  </a>
);

/**
 * Tells visitors in danger to call the emergency or the police number (from configuration).
 * The numbers are links: on a phone, one tap starts the call.
 */
export function EmergencyNotice({ id, headingLevel = 2 }: { id?: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const site = useSite();
  const edited = useRouteLoaderData<RootData>('root')?.emergencyNoticeText;
  if (!site) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `${id ?? 'emergency-notice'}-title`;
  const values = { emergencyNumber: site.emergencyNumber, policeNumber: site.policeNumber };
  return (
    <section id={id} className="emergency-notice" aria-labelledby={headingId}>
      <Heading id={headingId} className="emergency-notice__title">
        {t('emergency.title')}
      </Heading>
      <p>
        <RichText
          template={edited ? editedTemplate(edited) : t('emergency.body', {})}
          values={values}
          components={{
            emergency: callLink(t('emergency.callEmergency', values)),
            police: callLink(t('emergency.callPolice', values)),
          }}
        />
      </p>
    </section>
  );
}
