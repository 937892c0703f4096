-- Decision 0037: the site-revision trigger of `incident` compares the rows an UPDATE changed, old
-- against new, in its transition tables. Those tables carry no statistics, and the planner joined
-- them by a nested loop: an UPDATE of 20,000 incidents (a restore's fix-up, a script, the bench's
-- seeding) took 18 s instead of 0.2 s. The join is a hash join from now on, inside this function only.
ALTER FUNCTION "bump_site_revision_for_counted_incidents"() SET enable_nestloop = off;
