import type { ReportListFilter } from '@app/core/casework/casework-api';
import { SAVED_VIEW_NAME_MAX_LENGTH, type SavedView, SEARCH_MAX_LENGTH } from '@app/core/casework/search';
import { filterQuery } from '@app/core/staff/list-filters';
import { REPORT_FILTERS } from '@app/core/staff/report-filters';
import { isolate } from '@app/locales/bidi';
import { Form, Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { InputField } from '../../shared/forms/input-fields.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';

/** What the page answered to the last search or view form (decision 0055). */
export type SearchOutcome = {
  intent: 'search' | 'save-view' | 'delete-view';
  /** A `search.*` code, shown as the form's sentence. */
  error?: string;
  /** When it answered: a new alert for each answer. */
  at: number;
};

/** The list's filters as hidden fields: a search or a saved view keeps the filters shown. */
function FilterFields({ filter }: { filter: Partial<ReportListFilter> }) {
  const params = new URLSearchParams(filterQuery(REPORT_FILTERS, filter, 1));
  params.delete('page');
  return (
    <>
      {[...params].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * The search box of the report list and the member's saved views (decision 0055). The search is a
 * posted form, never a query string: its words reach no address bar, history, proxy log or
 * server log. A saved view is opened by its id (`?view=`), which says nothing of its words.
 */
export function ReportSearch({
  filter,
  search,
  total,
  views,
  outcome,
}: {
  filter: ReportListFilter;
  /** The search the list answers, if any. */
  search: string;
  /** How many reports it found (with a search only). */
  total?: number;
  views: SavedView[];
  outcome?: SearchOutcome;
}) {
  const { t } = useTranslation();
  const failed = outcome?.error ? outcome : undefined;
  return (
    <>
      <section className="staff-panel" aria-labelledby="report-search-title">
        <h2 id="report-search-title">{t('search.label')}</h2>
        {failed?.intent === 'search' && (
          <FormAlert key={failed.at}>
            <p>{t(`search.errors.${failed.error}`)}</p>
          </FormAlert>
        )}
        <Form method="post" className="staff-form" role="search" noValidate>
          <input type="hidden" name="intent" value="search" />
          <FilterFields filter={filter} />
          <InputField
            label={t('search.label')}
            hint={t('search.hint')}
            name="search"
            type="search"
            dir="auto"
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            defaultValue={search}
          />
          <div className="actions">
            <button type="submit" className="button button--primary">
              {t('search.submit')}
            </button>
            {search && <Link to={filterQuery(REPORT_FILTERS, filter, 1)}>{t('search.clear')}</Link>}
          </div>
        </Form>
        {search && total !== undefined && (
          <>
            <p role="status">{t('search.results', { count: total })}</p>
            <p className="muted">{t('search.paging')}</p>
          </>
        )}
      </section>
      <section className="staff-panel" aria-labelledby="report-views-title">
        <h2 id="report-views-title">{t('search.views')}</h2>
        <p>{t('search.viewsIntro')}</p>
        {failed && failed.intent !== 'search' && (
          <FormAlert key={failed.at}>
            <p>{t(`search.errors.${failed.error}`)}</p>
          </FormAlert>
        )}
        {views.length === 0 ? (
          <p>{t('search.noViews')}</p>
        ) : (
          <ul className="saved-views">
            {views.map((view) => (
              <li key={view.id}>
                <Link to={`?view=${view.id}`} aria-label={t('search.open', { name: isolate(view.name) })}>
                  <bdi>{view.name}</bdi>
                </Link>
                {view.search && <span className="muted"> ({t('search.withSearch')})</span>}{' '}
                <Form method="post" className="inline-form">
                  <input type="hidden" name="intent" value="delete-view" />
                  <input type="hidden" name="view" value={view.id} />
                  <button
                    type="submit"
                    className="button button--secondary"
                    aria-label={t('search.deleteLabel', { name: isolate(view.name) })}
                  >
                    {t('search.delete')}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="staff-form" noValidate key={outcome?.error ? 'draft' : outcome?.at}>
          <input type="hidden" name="intent" value="save-view" />
          <FilterFields filter={filter} />
          <input type="hidden" name="search" value={search} />
          <InputField
            label={t('search.viewName')}
            name="name"
            dir="auto"
            maxLength={SAVED_VIEW_NAME_MAX_LENGTH}
            autoComplete="off"
          />
          <button type="submit" className="button button--secondary">
            {t('search.save')}
          </button>
        </Form>
      </section>
    </>
  );
}
