// An article's locations on save (spec sections 2–4): one primary city, which gives location_path
// and the /{location}/{slug} address, and up to ARTICLE_LIMITS.extraLocationsMax further cities the
// AI panel's reader approved (article location items with is_primary false, which index the article
// in those cities too while it is published).
import type { ArticleLocation } from '../../shared/api-types';
import { ARTICLE_MESSAGES } from '../../shared/articles';
import { cityByCode, primaryLocationOf } from '../../shared/cities';
import { badRequest } from '../platform/errors';

function cityLocation(code: string, field: string, primary: boolean): ArticleLocation {
  const city = cityByCode(code);
  if (!city) throw badRequest(ARTICLE_MESSAGES.invalidCity, field);
  // A person chose or approved each of them: full confidence.
  return { ...primaryLocationOf(city), is_primary: primary };
}

export interface LocationChanges {
  /** The primary city: absent keeps the stored one, null removes it. */
  city_code?: string | null;
  /** The other approved cities: absent keeps the stored ones (less a new primary), [] removes them. */
  location_codes?: string[];
}

/** The locations a save leaves the article with; `stored` is undefined on create. */
export function locationsOnSave(stored: readonly ArticleLocation[] | undefined, { city_code, location_codes }: LocationChanges): ArticleLocation[] {
  const current = stored ?? [];
  if (city_code === undefined && location_codes === undefined) return [...current];
  const primaryCode = city_code === undefined ? current.find((location) => location.is_primary)?.code : (city_code ?? undefined);
  const extraCodes = location_codes ?? current.filter((location) => !location.is_primary).map((location) => location.code);
  const extras = [...new Set(extraCodes)].filter((code) => code !== primaryCode);
  if (!primaryCode && extras.length) throw badRequest(ARTICLE_MESSAGES.primaryCityRequired, 'city_code');
  return [
    ...(primaryCode ? [cityLocation(primaryCode, 'city_code', true)] : []),
    ...extras.map((code) => cityLocation(code, 'location_codes', false)),
  ];
}
