import { queryServerDatabase } from './database.ts';

/**
 * The public figures' seed: verified incidents over two years, in several provinces and types, and
 * one lone incident in Limburg that the pages must show as "fewer than 3". Written once, by
 * whichever test comes first: the statements run as one transaction behind an advisory lock, so two
 * workers never both write it. A test that counts the whole site's incidents before and after what
 * it does (the 30-day count) seeds first, so that the seed never lands in between.
 *
 * Each report makes its own incident (decision 0037); the place staff recorded is the incident's.
 * The report's location (sealed on a real site, never read by the public pages) marks the seed.
 */
export async function seedFigures() {
  await queryServerDatabase(`
    select pg_advisory_xact_lock(2027112701);
    insert into report (id, language, is_anonymous, personal_data, incident_date, location, incident_type,
       description, called_police, called_organisation, medical_treatment, terms_accepted_at, status,
       rejection_reason, created_at)
    select gen_random_uuid(), 'en', true, null, (current_date - ((i * 37) % 700))::date, 'E2E figures ' || i,
       (array['verbal','online','online','harassment','physical','letter','provocation','other'])[1 + (i * 7) % 8],
       'sealed elsewhere', false, false, false, now(), 'verified', null, now()
    from generate_series(1, 300) as i
    where not exists (select 1 from report where location = 'E2E figures 1')
    union all
    select gen_random_uuid(), 'en', true, null, current_date, 'E2E figures lone', 'physical', 'sealed elsewhere',
       false, false, false, now(), 'verified', null, now()
    where not exists (select 1 from report where location = 'E2E figures lone');
    update incident i set municipality = 'E2E figures',
       province = case when s.n is null then 'limburg'
         else (array['antwerp','antwerp','brussels','east_flanders','flemish_brabant','west_flanders','elsewhere_in_belgium'])[1 + (s.n * 3) % 7] end
      from (select incident_id, substring(location from 'E2E figures (\\d+)')::int as n
              from report where location like 'E2E figures %') as s
     where i.id = s.incident_id and i.municipality is null`);
}
