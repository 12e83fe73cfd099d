// The per-city counters behind the home feed's city filter: how many published articles each city
// has. Article writes move them in the same transaction (article-store.ts).
import type { ArticleLocation, CityCount } from '../../shared/api-types';
import { queryAll, tableName, type Item, type Key, type TransactItem } from '../platform/dynamo';
import { isPublished, type ArticleRecord } from './article';

const CITIES_PK = 'CITIES';
type CounterUpdate = NonNullable<TransactItem['Update']>;

const cityCounter = {
  key: (path: string): Key => ({ pk: CITIES_PK, sk: `CITY#${path}` }),
  /** Adds `delta` to the city's count, writing its names on the way. */
  add: (location: ArticleLocation, delta: number): CounterUpdate => ({
    TableName: tableName(),
    Key: cityCounter.key(location.location_path),
    UpdateExpression: 'SET entity = :e, location_name = :n, state_code = :s, location_path = :p ADD #count :d',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: {
      ':e': 'city_count',
      ':n': location.location_name,
      ':s': location.state_code,
      ':p': location.location_path,
      ':d': delta,
    },
  }),
  fromItem: (item: Item): CityCount => ({
    location_path: String(item.location_path),
    location_name: String(item.location_name),
    state_code: String(item.state_code),
    count: Number(item.count ?? 0),
  }),
};

/** The cities an article counts for in the city filter: its locations, while it is published. */
const countedCities = (article: ArticleRecord | undefined) =>
  new Map(isPublished(article) ? (article?.locations ?? []).map((location) => [location.location_path, location]) : []);

/** The counter updates that take an article from `before` to `after` (undefined: absent). */
export function cityCountUpdates(before: ArticleRecord | undefined, after: ArticleRecord | undefined): CounterUpdate[] {
  const [was, is] = [countedCities(before), countedCities(after)];
  return [
    ...[...is].filter(([path]) => !was.has(path)).map(([, location]) => cityCounter.add(location, 1)),
    ...[...was].filter(([path]) => !is.has(path)).map(([, location]) => cityCounter.add(location, -1)),
  ];
}

/** Every city that has had published articles, with its count (0 once none is left). */
export async function cityCounters(): Promise<CityCount[]> {
  return (await queryAll({ partition: CITIES_PK })).map(cityCounter.fromItem);
}

/** Cities with published articles. */
export async function cityCounts(): Promise<CityCount[]> {
  return (await cityCounters()).filter((city) => city.count > 0);
}
