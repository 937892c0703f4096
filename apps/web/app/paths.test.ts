import { describe, expect, it } from 'vitest';
import { localizedPath, pageFromRouteId, routeId } from './paths.ts';

describe('localizedPath', () => {
  it.each([
    ['home', 'en', '/'],
    ['home', 'he', '/he'],
    ['contact', 'en', '/contact'],
    ['incidentReport', 'fr', '/fr/incident-report'],
    ['termsOfUse', 'yi', '/yi/terms-of-use'],
  ] as const)('%s in %s is %s', (page, language, path) => {
    expect(localizedPath(page, language)).toBe(path);
  });
});

describe('route ids', () => {
  it('carry the language after a triple underscore and read back', () => {
    expect(routeId('incidents', 'nl')).toBe('incidents___nl');
    expect(pageFromRouteId('incidents___nl')).toEqual({ page: 'incidents', language: 'nl' });
  });

  it('read back nothing for routes that are not public pages', () => {
    expect(pageFromRouteId('root')).toBeUndefined();
    expect(pageFromRouteId('routes/not-found')).toBeUndefined();
    expect(pageFromRouteId('constructor___en')).toBeUndefined();
  });
});
