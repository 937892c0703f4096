/**
 * The staff's classification of an incident (decision 0044), separate from the reporter's own type:
 * closed sets the database enforces (CHECK constraints on `incident`), each value translated in
 * five languages (`classification.<dimension>.<value>` in the internal messages). This module
 * imports no zod, so that the report page's form does not bring the validation along.
 */

/** Comparable with CST's categories: exactly one per classified incident. */
export const INCIDENT_CATEGORIES = [
  'extreme_violence',
  'assault',
  'damage_desecration',
  'threats',
  'abusive_behaviour',
  'literature',
] as const;
export type IncidentCategory = (typeof INCIDENT_CATEGORIES)[number];

/** Comparable with RIAS's manifestations: one or more per classified incident. */
export const INCIDENT_MANIFESTATIONS = ['religious', 'modern', 'post_shoah', 'israel_related', 'othering'] as const;
export type IncidentManifestation = (typeof INCIDENT_MANIFESTATIONS)[number];

/** Whom or what it was aimed at. */
export const INCIDENT_TARGETS = ['person', 'people', 'institution', 'property', 'online_community'] as const;
export type IncidentTarget = (typeof INCIDENT_TARGETS)[number];

/** How the organisation knows of it. */
export const KNOWN_THROUGH = ['victim', 'witness', 'third_party', 'own_monitoring'] as const;
export type KnownThrough = (typeof KNOWN_THROUGH)[number];

/** The kind of place it happened in. */
export const PLACE_TYPES = [
  'public_space',
  'public_transport',
  'education',
  'workplace',
  'home',
  'jewish_institution',
  'online',
  'other',
] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];

/** The single-valued dimensions besides the category, as the form and the filters name them. */
export const CLASSIFICATION_CHOICES = {
  category: INCIDENT_CATEGORIES,
  target: INCIDENT_TARGETS,
  knownThrough: KNOWN_THROUGH,
  placeType: PLACE_TYPES,
} as const;

/** Every dimension with a closed set, in the order the form, the filters and the statistics show them. */
export const CLASSIFICATION_DIMENSIONS = ['category', 'manifestation', 'target', 'knownThrough', 'placeType'] as const;
export type ClassificationDimension = (typeof CLASSIFICATION_DIMENSIONS)[number];

/** The values of each dimension. */
export const CLASSIFICATION_VALUES: Record<ClassificationDimension, readonly string[]> = {
  ...CLASSIFICATION_CHOICES,
  manifestation: INCIDENT_MANIFESTATIONS,
};

/** The filters' and the statistics' word for "nothing recorded" in a dimension. */
export const UNCLASSIFIED = 'none';

/** A tag's name is at most this long, in each language. */
export const TAG_NAME_MAX_LENGTH = 60;

/** An incident's classification as staff see it; null where nothing is recorded yet. */
export type IncidentClassification = {
  category: IncidentCategory | null;
  manifestations: IncidentManifestation[];
  target: IncidentTarget | null;
  knownThrough: KnownThrough | null;
  placeType: PlaceType | null;
  /** The ids of its tags. */
  tags: string[];
};

/** A tag of the list admins keep: its name in each language; a disabled one stays on incidents that have it. */
export type IncidentTagView = { id: string; names: Record<string, string>; disabled: boolean; revision: number };
