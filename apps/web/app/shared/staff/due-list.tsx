import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';

/** What is due on a report: the report it belongs to, named by its type and when it came in. */
type DueItem = { id: string; reportId: string; incidentType: string; reportReceivedAt: string };

/**
 * A dashboard list of what is due for this member (reminders, referrals waiting for a partner's
 * answer): its heading (a target of the dashboard's links), what it lists, the oldest items or a
 * sentence when none is due, and how many more are due than it shows. Each item ends with the link
 * to its panel (`#<anchor>`) on its report's page, named by the message `open`. Styled by reminders.css.
 */
export function DueList<Item extends DueItem>({
  id,
  messages,
  due,
  item,
  anchor,
  testId,
}: {
  id: string;
  /** The message keys of the list's heading, introduction, empty list, items beyond those shown, link. */
  messages: { title: string; intro: string; none: string; more: string; open: string };
  due: { count: number; items: readonly Item[] };
  item(item: Item): React.ReactNode;
  anchor: string;
  testId?: string;
}) {
  const { t, language } = useTranslation();
  const hidden = due.count - due.items.length;
  return (
    <section aria-labelledby={id} className="staff-panel" data-testid={testId}>
      <h2 id={id} tabIndex={-1}>
        {t(messages.title)}
      </h2>
      <p className="muted">{t(messages.intro)}</p>
      {due.items.length === 0 ? (
        <p>{t(messages.none)}</p>
      ) : (
        <ul className="reminder-list">
          {due.items.map((entry) => (
            <li key={entry.id} className="reminder reminder--due">
              {item(entry)}
              <p>
                <Link to={`${INTERNAL_PAGES.reports}/${entry.reportId}#${anchor}`}>
                  {t(messages.open, {
                    type: t(`incidentTypes.${entry.incidentType}.label`),
                    date: formatDateTime(entry.reportReceivedAt, language),
                  })}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && <p className="muted">{t(messages.more, { count: hidden })}</p>}
    </section>
  );
}
