/**
 * A dashboard list of what is due for this member (reminders, referrals waiting for a partner's
 * answer): its heading (a target of the dashboard's links), what it lists, the oldest items or a
 * sentence when none is due, and how many more are due than it shows. Styled by reminders.css.
 */
export function DueList<Item extends { id: string }>({
  id,
  title,
  intro,
  none,
  more,
  due,
  item,
  testId,
}: {
  id: string;
  title: string;
  intro: string;
  none: string;
  /** The line for the items due beyond those shown. */
  more(count: number): string;
  due: { count: number; items: readonly Item[] };
  item(item: Item): React.ReactNode;
  testId?: string;
}) {
  const hidden = due.count - due.items.length;
  return (
    <section aria-labelledby={id} className="staff-panel" data-testid={testId}>
      <h2 id={id} tabIndex={-1}>
        {title}
      </h2>
      <p className="muted">{intro}</p>
      {due.items.length === 0 ? (
        <p>{none}</p>
      ) : (
        <ul className="reminder-list">
          {due.items.map((entry) => (
            <li key={entry.id} className="reminder reminder--due">
              {item(entry)}
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && <p className="muted">{more(hidden)}</p>}
    </section>
  );
}
