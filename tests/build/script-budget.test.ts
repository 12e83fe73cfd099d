// The islands' budget, held on the build output (web/dist, after `npm run build`; `npm test` builds
// before it runs vitest): no island may pass 8 kB gzip with the chunks it imports that the islands'
// entry does not already load. The anonymous article page's total (20 kB) is measured in a browser by
// tests/e2e/26-script-budget.spec.ts. A missing or stale build fails here rather than passing unseen.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISLAND_BUDGET_BYTES, ISLAND_SOURCE, islandSizes, kB, readManifest } from '../support/script-budget';
import { ROOT } from '../support/stages';

const DIST = path.join(ROOT, 'web/dist');

const describeIsland = (island: ReturnType<typeof islandSizes>['islands'][number]) =>
  `${island.source}: ${kB(island.gzip_bytes)} gzip (${island.files.map((file) => `${file.file} ${kB(file.gzip_bytes)}`).join(', ')})`;

describe('the build output (web/dist)', () => {
  it('holds every island of web/src/islands (a build older than the sources fails here)', () => {
    const sources = readdirSync(path.join(ROOT, 'web/src/islands'))
      .map((file) => `src/islands/${file}`)
      .filter((file) => ISLAND_SOURCE.test(file));
    const built = Object.keys(readManifest(DIST)).filter((key) => ISLAND_SOURCE.test(key));
    expect(built.sort(), 'run `npm run build`: web/dist does not match web/src/islands').toEqual(sources.sort());
  });

  it(`keeps each island within ${kB(ISLAND_BUDGET_BYTES)} gzip, with what it imports beyond the islands' entry`, () => {
    const { islands } = islandSizes(DIST);
    const over = islands.filter((island) => island.gzip_bytes > ISLAND_BUDGET_BYTES).map(describeIsland);
    expect(over, `islands over ${kB(ISLAND_BUDGET_BYTES)} gzip`).toEqual([]);
  });
});
