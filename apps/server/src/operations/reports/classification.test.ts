import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { caseworkHelpers, refusal } from '../../test/casework-helpers.ts';
import { classifyIncidentOf } from '../../test/classification-helpers.ts';
import { useSiteWithStaff } from '../../test/site-with-staff.ts';
import type { TestServer } from '../../test/test-server.ts';

/**
 * The staff's classification of an incident (decision 0044): who may, two members at once, the
 * audit row, the closed sets held by the database, and "verified only with a category".
 */

let server: TestServer;
let cora: StaffIdentity;
let chaim: StaffIdentity;
let victor: StaffIdentity;

const { ops, query, newReport } = caseworkHelpers(
  () => server,
  () => cora,
  '2025-06-02',
);

/** The classification form as the page shows it for the report now, with `choices` filled in. */
async function form(id: string, choices: Record<string, unknown> = {}) {
  const { incident } = await ops().open(id);
  return {
    incident: incident.id,
    revision: String(incident.revision),
    category: 'threats',
    manifestations: ['israel_related', 'modern'],
    target: 'institution',
    knownThrough: 'third_party',
    placeType: 'online',
    tags: [] as string[],
    ...choices,
  };
}

async function newTag(en: string): Promise<string> {
  const names = { en, fr: `${en} (fr)`, nl: `${en} (nl)`, he: `${en} (he)`, yi: `${en} (yi)` };
  const [row] = await query<{ id: string }>('insert into incident_tag (names) values ($1) returning id', [names]);
  return row?.id ?? '';
}

useSiteWithStaff({ cora: ['coordinator', 'Cora'], chaim: ['admin', 'Chaim'], victor: ['viewer', 'Victor'] }, (site) => {
  server = site.server;
  cora = site.staff.cora;
  chaim = site.staff.chaim;
  victor = site.staff.victor;
});

describe('classifying an incident', () => {
  it('saves every dimension on the incident, raises its revision, and writes its audit row', async () => {
    const id = await newReport();
    const tag = await newTag('Election 2026');
    const input = await form(id, { tags: [tag], manifestations: ['modern', 'israel_related', 'modern'] });
    await ops().classifyIncident(id, input);
    const { incident } = await ops().open(id);
    expect(incident.classification).toEqual({
      category: 'threats',
      manifestations: ['modern', 'israel_related'],
      target: 'institution',
      knownThrough: 'third_party',
      placeType: 'online',
      tags: [tag],
    });
    expect(incident.revision).toBe(Number(input.revision) + 1);
    const audit = await query<{ actor_id: string; subject_id: string; details: Record<string, unknown> }>(
      `select actor_id, subject_id, details from audit_event where action = 'incident.classified' and subject_id = $1`,
      [id],
    );
    expect(audit).toEqual([
      {
        actor_id: cora.id,
        subject_id: id,
        details: {
          incident: incident.id,
          category: 'threats',
          manifestations: 'modern,israel_related',
          target: 'institution',
          knownThrough: 'third_party',
          placeType: 'online',
          tags: tag,
        },
      },
    ]);
  });

  it('leaves target, how known and place type unrecorded when the form says so', async () => {
    const id = await newReport();
    await ops().classifyIncident(id, await form(id, { target: '', knownThrough: '', placeType: '' }));
    const { classification } = (await ops().open(id)).incident;
    expect([classification.target, classification.knownThrough, classification.placeType]).toEqual([null, null, null]);
  });

  it('is refused to a viewer, with the refusal audited and nothing changed', async () => {
    const id = await newReport();
    const input = await form(id);
    expect(await refusal(ops(victor).classifyIncident(id, input))).toBe('FORBIDDEN');
    expect((await ops().open(id)).incident.classification.category).toBeNull();
    const [denied] = await query<{ n: number }>(
      `select count(*)::int as n from audit_event where action = 'access.denied' and actor_id = $1`,
      [victor.id],
    );
    expect(denied?.n).toBeGreaterThan(0);
  });

  it('asks for a category and a manifestation, and refuses a value outside the sets', async () => {
    const id = await newReport();
    expect(await refusal(ops().classifyIncident(id, await form(id, { category: '' })))).toBe(
      'casework.categoryRequired',
    );
    expect(await refusal(ops().classifyIncident(id, await form(id, { manifestations: [] })))).toBe(
      'casework.manifestationRequired',
    );
    expect(await refusal(ops().classifyIncident(id, await form(id, { target: 'everyone' })))).toBe(
      'casework.invalidChoice',
    );
    expect(await refusal(ops().classifyIncident(id, await form(id, { manifestations: ['modern', 'other'] })))).toBe(
      'casework.invalidChoice',
    );
  });

  it('two members classify the same incident at once: one wins, the other is told conflict', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await newReport();
      const shown = await form(id);
      const results = await Promise.all([
        refusal(ops(cora).classifyIncident(id, { ...shown, category: 'assault' })),
        refusal(ops(chaim).classifyIncident(id, { ...shown, category: 'threats' })),
      ]);
      expect(results.filter((result) => result === 'done')).toHaveLength(1);
      expect(results.filter((result) => result !== 'done')).toEqual(['casework.conflict']);
      const winner = results[0] === 'done' ? 'assault' : 'threats';
      expect((await ops().open(id)).incident.classification.category).toBe(winner);
      const [audited] = await query<{ n: number }>(
        `select count(*)::int as n from audit_event where action = 'incident.classified' and subject_id = $1`,
        [id],
      );
      expect(audited?.n).toBe(1);
    }
  }, 120_000);

  it('refuses a form older than the incident: a revision someone else moved on', async () => {
    const id = await newReport();
    const stale = await form(id);
    await ops(chaim).classifyIncident(id, await form(id, { category: 'assault' }));
    expect(await refusal(ops().classifyIncident(id, stale))).toBe('casework.conflict');
    expect((await ops().open(id)).incident.classification.category).toBe('assault');
  });

  it('refuses a form that names an incident the report has left', async () => {
    const [id, other] = [await newReport(), await newReport()];
    const stale = await form(id);
    await ops().linkToIncident(id, { from: stale.incident, target: other });
    expect(await refusal(ops().classifyIncident(id, stale))).toBe('casework.conflict');
  });

  it('gives only tags on the list: a disabled tag stays on an incident that has it, and is not given to another', async () => {
    const tag = await newTag('Gaza war');
    const [first, second] = [await newReport(), await newReport()];
    await ops().classifyIncident(first, await form(first, { tags: [tag] }));
    await server.database.pool.query('update incident_tag set disabled_at = now() where id = $1', [tag]);
    // Kept, and still offered on the incident that has it, marked disabled.
    await ops().classifyIncident(first, await form(first, { tags: [tag], category: 'assault' }));
    expect((await ops().open(first)).incident.tagChoices).toContainEqual(
      expect.objectContaining({ id: tag, disabled: true }),
    );
    expect((await ops().open(second)).incident.tagChoices.map((choice) => choice.id)).not.toContain(tag);
    expect(await refusal(ops().classifyIncident(second, await form(second, { tags: [tag] })))).toBe(
      'casework.unknownTag',
    );
    expect(
      await refusal(
        ops().classifyIncident(second, await form(second, { tags: ['00000000-0000-4000-8000-000000000000'] })),
      ),
    ).toBe('casework.unknownTag');
  });
});

describe('the database holds the closed sets', () => {
  it('refuses a category, manifestation, target, source or place type outside its set', async () => {
    const id = await newReport();
    const { incident } = await ops().open(id);
    const attempt = (set: string) =>
      server.database.pool.query(`update incident set ${set} where id = $1`, [incident.id]).then(
        () => 'accepted',
        (error: { constraint?: string }) => error.constraint,
      );
    expect(await attempt(`category = 'vandalism', manifestations = '{modern}'`)).toBe('incident_category_check');
    expect(await attempt(`manifestations = '{modern,pagan}'`)).toBe('incident_manifestations_check');
    expect(await attempt(`category = 'assault', manifestations = '{}'`)).toBe('incident_manifestations_classified');
    expect(await attempt(`target = 'everyone'`)).toBe('incident_target_check');
    expect(await attempt(`known_through = 'rumour'`)).toBe('incident_known_through_check');
    expect(await attempt(`place_type = 'moon'`)).toBe('incident_place_type_check');
    expect(await attempt(`category = 'assault', manifestations = '{religious}'`)).toBe('accepted');
  });

  it('refuses a tag without a name in each language, and a link to no tag', async () => {
    const missing = await server.database.pool
      .query(`insert into incident_tag (names) values ('{"en": "Only English"}')`)
      .then(
        () => 'accepted',
        (error: { constraint?: string }) => error.constraint,
      );
    expect(missing).toBe('incident_tag_names_check');
    const id = await newReport();
    const { incident } = await ops().open(id);
    const dangling = await server.database.pool
      .query(`insert into incident_tag_link (incident_id, tag_id) values ($1, gen_random_uuid())`, [incident.id])
      .then(
        () => 'accepted',
        (error: { constraint?: string }) => error.constraint,
      );
    expect(dangling).toBe('incident_tag_link_tag_id_incident_tag_id_fk');
  });
});

describe('an incident is verified only with a category', () => {
  it('refuses to verify a report of an unclassified incident, then verifies it once classified', async () => {
    const id = await newReport();
    await ops().changeStatus(id, { from: 'new', to: 'in_review' });
    const verify = { from: 'in_review', to: 'verified', municipality: 'Gent', province: 'east_flanders' };
    expect(await refusal(ops().changeStatus(id, verify))).toBe('casework.classifyFirst');
    expect((await ops().open(id)).status).toBe('in_review');
    await classifyIncidentOf(ops(), id);
    expect(await refusal(ops().changeStatus(id, verify))).toBe('done');
    expect((await ops().open(id)).incident.counts).toBe(true);
  });

  it('lets a report be rejected or closed without a classification', async () => {
    const id = await newReport();
    await ops().changeStatus(id, { from: 'new', to: 'in_review' });
    expect(await refusal(ops().changeStatus(id, { from: 'in_review', to: 'rejected', reason: 'spam' }))).toBe('done');
  });

  it('keeps counting an incident verified before classification existed', async () => {
    const id = await newReport();
    // As the migration found it: verified, counting, no category.
    await server.database.pool.query(`update report set status = 'verified' where id = $1`, [id]);
    const { incident } = await ops().open(id);
    expect(incident.counts).toBe(true);
    expect(incident.classification.category).toBeNull();
  });
});

describe('the list of tags admins keep', () => {
  const names = (en: string) => ({ en, fr: `${en} fr`, nl: `${en} nl`, he: 'בחירות', yi: 'וואַלן' });
  const tags = (member: StaffIdentity = chaim) => server.services.operationsFor(member).tags;

  it('adds, renames, disables and enables a tag, each audited with its names', async () => {
    const { id } = await tags().create({ names: names('  Municipal   elections ') });
    let [tag] = (await tags().list()).filter((row) => row.id === id);
    expect(tag).toMatchObject({ names: names('Municipal elections'), disabled: false, revision: 1 });
    await tags().rename(id, { names: names('Elections 2030'), revision: '1' });
    await tags().setDisabled(id, { disabled: true, revision: '2' });
    [tag] = (await tags().list()).filter((row) => row.id === id);
    expect(tag).toMatchObject({ names: names('Elections 2030'), disabled: true, revision: 3 });
    await tags().setDisabled(id, { disabled: false, revision: '3' });
    const audit = await query<{ action: string; actor_id: string; en: string }>(
      `select action, actor_id, details ->> 'en' as en from audit_event where subject_type = 'tag' and subject_id = $1 order by id`,
      [id],
    );
    expect(audit).toEqual([
      { action: 'tag.created', actor_id: chaim.id, en: 'Municipal elections' },
      { action: 'tag.renamed', actor_id: chaim.id, en: 'Elections 2030' },
      { action: 'tag.disabled', actor_id: chaim.id, en: 'Elections 2030' },
      { action: 'tag.enabled', actor_id: chaim.id, en: 'Elections 2030' },
    ]);
  });

  it('asks for a name in every language, at most 60 characters', async () => {
    expect(await refusal(tags().create({ names: { ...names('Only'), yi: ' ' } }))).toBe('tags.nameRequired');
    expect(await refusal(tags().create({ names: { ...names('Long'), fr: 'x'.repeat(61) } }))).toBe('tags.nameTooLong');
  });

  it('refuses a change made on an older page, and a tag that does not exist', async () => {
    const { id } = await tags().create({ names: names('Campaign') });
    await tags().rename(id, { names: names('Campaign A'), revision: '1' });
    expect(await refusal(tags().rename(id, { names: names('Campaign B'), revision: '1' }))).toBe('tags.conflict');
    expect(await refusal(tags().setDisabled(id, { disabled: true, revision: '1' }))).toBe('tags.conflict');
    expect(
      await refusal(tags().rename('00000000-0000-4000-8000-000000000000', { names: names('X'), revision: '1' })),
    ).toBe('tags.notFound');
  });

  it('is for admins only', async () => {
    for (const member of [cora, victor]) {
      expect(await refusal(tags(member).list())).toBe('FORBIDDEN');
      expect(await refusal(tags(member).create({ names: names('Not mine') }))).toBe('FORBIDDEN');
    }
  });
});

describe('the staff figures by classification', () => {
  it('filter the reports list, fill the CSV columns and break the statistics down by each dimension', async () => {
    const tag = await newTag('Filter test tag');
    const [threat, unclassified] = [await newReport(), await newReport()];
    await ops().classifyIncident(threat, await form(threat, { category: 'extreme_violence', tags: [tag] }));
    const listed = async (filter: Record<string, string>) =>
      (await ops().list({ sort: 'received-desc', page: 1, ...filter })).items.map((item) => item.id);
    expect(await listed({ category: 'extreme_violence' })).toEqual([threat]);
    expect(await listed({ category: 'none' })).toContain(unclassified);
    expect(await listed({ category: 'none' })).not.toContain(threat);
    expect(await listed({ manifestation: 'israel_related', tag })).toEqual([threat]);
    expect(await listed({ placeType: 'online', knownThrough: 'third_party', target: 'institution', tag })).toEqual([
      threat,
    ]);
    expect(await listed({ tag: 'not-a-tag' })).toEqual([]);
    expect((await ops().list({ sort: 'received-desc', page: 1 })).tags.map((row) => row.id)).toContain(tag);

    const [row] = await ops().export({ sort: 'received-desc', page: 1, tag });
    expect(row).toMatchObject({
      id: threat,
      category: 'extreme_violence',
      manifestations: ['israel_related', 'modern'],
      target: 'institution',
      knownThrough: 'third_party',
      placeType: 'online',
      tags: ['Filter test tag'],
    });

    await ops().changeStatus(threat, { from: 'new', to: 'in_review' });
    await ops().changeStatus(threat, {
      from: 'in_review',
      to: 'verified',
      municipality: 'Gent',
      province: 'east_flanders',
    });
    const stats = await server.services.operationsFor(cora).stats.compute({ from: '2025-06-02', to: '2025-06-02' }, 12);
    expect(stats.byClassification.category).toContainEqual({ key: 'extreme_violence', count: 1 });
    // The other manifestation of this incident is also given by other tests' incidents of that day.
    expect(stats.byClassification.manifestation).toContainEqual({ key: 'israel_related', count: 1 });
    expect(stats.byClassification.placeType).toContainEqual({ key: 'online', count: 1 });
    expect(stats.byTag).toContainEqual(expect.objectContaining({ key: tag, count: 1 }));
  }, 120_000);
});
