// The import screens' formats and checks (web/src/features/imports/lib/format.ts): the time left as
// mm:ss or 'h min', sizes in MB, whole percentages, the browser's check of a chosen file, and the byte
// range of each part of the multipart upload (web/src/features/imports/api/parts.ts).
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../shared/imports';
import { partRange } from '../../web/src/features/imports/api/parts';
import { fileProblem, formatMegabytes, formatTimeLeft, percentOf, records } from '../../web/src/features/imports/lib/format';

describe('formatTimeLeft', () => {
  it('writes mm:ss under an hour', () => {
    expect(formatTimeLeft(0)).toBe('00:00');
    expect(formatTimeLeft(5)).toBe('00:05');
    expect(formatTimeLeft(65)).toBe('01:05');
    expect(formatTimeLeft(3599)).toBe('59:59');
  });
  it('rounds a fraction of a second up', () => {
    expect(formatTimeLeft(4.2)).toBe('00:05');
    expect(formatTimeLeft(3599.5)).toBe('1 h 00 min');
  });
  it('writes hours and minutes from an hour on, minutes rounded up', () => {
    expect(formatTimeLeft(3600)).toBe('1 h 00 min');
    expect(formatTimeLeft(3601)).toBe('1 h 01 min');
    expect(formatTimeLeft(2 * 3600 + 5 * 60)).toBe('2 h 05 min');
    expect(formatTimeLeft(26 * 3600)).toBe('26 h 00 min');
  });
  it('has no estimate without a number', () => {
    expect(formatTimeLeft(null)).toBeNull();
    expect(formatTimeLeft(undefined)).toBeNull();
    expect(formatTimeLeft(Number.NaN)).toBeNull();
    expect(formatTimeLeft(-1)).toBeNull();
  });
});

describe('formatMegabytes', () => {
  it('writes MB with one decimal at most, pt-BR', () => {
    expect(formatMegabytes(0)).toBe('0 MB');
    expect(formatMegabytes(1024 * 1024)).toBe('1 MB');
    expect(formatMegabytes(12.34 * 1024 * 1024)).toBe('12,3 MB');
    expect(formatMegabytes(IMPORT_LIMITS.maxBytes)).toBe('100 MB');
    expect(formatMegabytes(1500 * 1024 * 1024)).toBe('1.500 MB');
  });
});

describe('percentOf', () => {
  it('is a whole percent, 100 only at the end', () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(1200, 1000)).toBe(100);
  });
  it('is 0 without a total', () => {
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(Number.NaN, 10)).toBe(0);
  });
});

describe('records', () => {
  it('agrees in number', () => {
    expect(records(1)).toBe('1 registro');
    expect(records(0)).toBe('0 registros');
    expect(records(12345)).toBe('12.345 registros');
  });
});

describe('fileProblem', () => {
  it('takes a .csv up to the limit', () => {
    expect(fileProblem({ name: 'export.csv', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'EXPORT.CSV', size: IMPORT_LIMITS.maxBytes })).toBeNull();
    expect(fileProblem({ name: 'export', size: 10, type: 'text/csv' })).toBeNull();
  });
  it('refuses a file over 100 MB before anything else', () => {
    expect(fileProblem({ name: 'export.csv', size: IMPORT_LIMITS.maxBytes + 1 })).toBe(IMPORT_MESSAGES.tooLarge);
    expect(fileProblem({ name: 'export.xlsx', size: IMPORT_LIMITS.maxBytes + 1 })).toBe(IMPORT_MESSAGES.tooLarge);
  });
  it('refuses an empty file or another kind', () => {
    expect(fileProblem({ name: 'export.csv', size: 0 })).toBe(IMPORT_MESSAGES.invalidFile);
    expect(fileProblem({ name: 'export.xlsx', size: 10, type: 'application/vnd.ms-excel' })).toBe(IMPORT_MESSAGES.invalidFile);
  });
});

describe('partRange', () => {
  const part = IMPORT_LIMITS.partBytes;
  it('cuts the file in parts of part_size, the last one shorter', () => {
    const size = 2 * part + 10;
    expect(partRange(1, part, size)).toEqual({ start: 0, end: part });
    expect(partRange(2, part, size)).toEqual({ start: part, end: 2 * part });
    expect(partRange(3, part, size)).toEqual({ start: 2 * part, end: size });
  });
  it('gives a small file one part', () => {
    expect(partRange(1, part, 100)).toEqual({ start: 0, end: 100 });
  });
});

describe('uploadParts', () => {
  // A stand-in for the browser's XMLHttpRequest: each PUT answers after a tick, as `answer` says.
  type Answer = { status: number; etag?: string } | 'network';
  function fakeXhr(answer: (url: string, attempt: number) => Answer) {
    const attempts = new Map<string, number>();
    const state = { inFlight: 0, maxInFlight: 0, sent: [] as { url: string; size: number }[] };
    class FakeXhr {
      status = 0;
      upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private url = '';
      private etag: string | null = null;
      private aborted = false;
      open(method: string, url: string) {
        expect(method).toBe('PUT');
        this.url = url;
      }
      getResponseHeader(name: string) {
        return name === 'ETag' ? this.etag : null;
      }
      abort() {
        this.aborted = true;
      }
      send(body: Blob) {
        const attempt = (attempts.get(this.url) ?? 0) + 1;
        attempts.set(this.url, attempt);
        state.inFlight++;
        state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
        setTimeout(() => {
          state.inFlight--;
          if (this.aborted) return this.onabort?.();
          this.upload.onprogress?.({ loaded: body.size });
          const result = answer(this.url, attempt);
          if (result === 'network') return this.onerror?.();
          state.sent.push({ url: this.url, size: body.size });
          this.status = result.status;
          this.etag = result.etag ?? null;
          this.onload?.();
        }, 1);
      }
    }
    return { FakeXhr, state, attempts };
  }

  const ticket = (parts: number, partSize = 4) => ({
    key: 'imports/uploads/u/f.csv',
    upload_id: 'up',
    part_size: partSize,
    parts: Array.from({ length: parts }, (_, index) => ({ part_number: index + 1, url: `https://s3/${index + 1}` })),
  });

  async function run(answer: (url: string, attempt: number) => Answer, parts = 7, size = 26, signal = new AbortController().signal) {
    const { FakeXhr, state, attempts } = fakeXhr(answer);
    const previous = globalThis.XMLHttpRequest;
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    const progress: number[] = [];
    try {
      const { uploadParts } = await import('../../web/src/features/imports/api/parts');
      const result = uploadParts(new Blob(['x'.repeat(size)]), ticket(parts), { signal, onProgress: (sent) => progress.push(sent), retryDelayMs: 1 });
      return { result: await result.catch((error: unknown) => error), state, attempts, progress };
    } finally {
      globalThis.XMLHttpRequest = previous;
    }
  }

  it('sends every part, three at a time, and answers the ETags in order, quotes kept', async () => {
    const { result, state, progress } = await run((url) => ({ status: 200, etag: `"etag-${url.split('/').pop()}"` }));
    expect(result).toEqual(Array.from({ length: 7 }, (_, index) => ({ part_number: index + 1, etag: `"etag-${index + 1}"` })));
    expect(state.maxInFlight).toBe(3);
    expect(state.sent.map((each) => each.size).sort()).toEqual([2, 4, 4, 4, 4, 4, 4]);
    expect(progress.at(-1)).toBe(26);
  });

  it('tries a failed part twice more', async () => {
    const { result, attempts } = await run((url, attempt) => (url.endsWith('/2') && attempt < 3 ? 'network' : { status: 200, etag: '"e"' }), 3, 10);
    expect(Array.isArray(result)).toBe(true);
    expect(attempts.get('https://s3/2')).toBe(3);
  });

  it('gives up after the third failure of a part, and a part without an ETag fails', async () => {
    const failing = await run((url) => (url.endsWith('/1') ? { status: 500 } : { status: 200, etag: '"e"' }), 2, 6);
    expect(failing.result).toBeInstanceOf(Error);
    expect(failing.attempts.get('https://s3/1')).toBe(3);
    const noEtag = await run(() => ({ status: 200 }), 1, 3);
    expect(noEtag.result).toBeInstanceOf(Error);
  });

  it('stops on abort with an AbortError', async () => {
    const controller = new AbortController();
    controller.abort();
    const { result } = await run(() => ({ status: 200, etag: '"e"' }), 3, 10, controller.signal);
    expect((result as DOMException).name).toBe('AbortError');
  });
});
