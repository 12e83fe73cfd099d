// The order vitest hands test files to its workers. Without a cache of earlier runs (a fresh clone, CI)
// vitest starts the largest files first, and a short file that waits a minute (import-restart) could
// start last and hold the whole run. The files that take longest go first, in this order; the rest as
// vitest orders them (by earlier durations when it has them, else by size).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Each over ~20 s on a quiet machine; add a file here when it becomes one of the longest. */
export const SLOW_FIRST = [
  'tests/integration/import-restart.test.ts',
  'tests/integration/search.test.ts',
  'tests/integration/imports.test.ts',
  'tests/integration/newsletter.test.ts',
  'tests/integration/failure-drill.test.ts',
  'tests/integration/runtime.test.ts',
  'tests/infra/cdk-nag.test.ts',
  'tests/integration/articles.test.ts',
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOW_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    return sorted
      .map((spec, position) => ({ spec, position }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.position - b.position)
      .map(({ spec }) => spec);
  }
}
