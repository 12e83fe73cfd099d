import { describe, expect, it } from 'vitest';
import { readingSchema } from '../../shared/articles';
import { newVisitId, readingPayload, scrollPercent, shouldRecord, VisitClock } from '../../web/src/features/articles/lib/reading-tracker';

describe('shouldRecord (spec 9 reading rules)', () => {
  const at = (seconds: number, scroll: number, extra: Partial<{ recorded: boolean; atExit: boolean }> = {}) =>
    shouldRecord({ seconds, scroll, recorded: false, atExit: false, ...extra });

  it('records at a check after 30 s with at least 25% scrolled', () => {
    expect(at(30, 25)).toBe(true);
    expect(at(95, 80)).toBe(true);
  });
  it('waits at a check while time or scroll is short', () => {
    expect(at(29, 100)).toBe(false);
    expect(at(30, 24)).toBe(false);
    expect(at(300, 0)).toBe(false);
  });
  it('records at exit from 10 s on, whatever the scroll', () => {
    expect(at(10, 0, { atExit: true })).toBe(true);
    expect(at(9, 100, { atExit: true })).toBe(false);
  });
  it('records once per visit', () => {
    expect(at(60, 90, { recorded: true })).toBe(false);
    expect(at(60, 90, { recorded: true, atExit: true })).toBe(false);
  });
});

describe('scrollPercent', () => {
  it('measures the share of the scrollable height', () => {
    expect(scrollPercent({ scrollTop: 0, viewportHeight: 800, documentHeight: 2800 })).toBe(0);
    expect(scrollPercent({ scrollTop: 500, viewportHeight: 800, documentHeight: 2800 })).toBe(25);
    expect(scrollPercent({ scrollTop: 2000, viewportHeight: 800, documentHeight: 2800 })).toBe(100);
  });
  it('stays within 0–100 (overscroll, rubber-banding)', () => {
    expect(scrollPercent({ scrollTop: -40, viewportHeight: 800, documentHeight: 2800 })).toBe(0);
    expect(scrollPercent({ scrollTop: 2300, viewportHeight: 800, documentHeight: 2800 })).toBe(100);
  });
  it('counts a page that does not scroll as read to the end', () => {
    expect(scrollPercent({ scrollTop: 0, viewportHeight: 900, documentHeight: 700 })).toBe(100);
  });
});

describe('readingPayload', () => {
  it('builds a body the API accepts', () => {
    const body = readingPayload(newVisitId(), 42.7, 63.4);
    expect(body).toMatchObject({ time_spent_seconds: 42, scroll_depth_percent: 63 });
    expect(readingSchema.safeParse(body).success).toBe(true);
  });
  it('clamps out-of-range values', () => {
    const body = readingPayload(newVisitId(), -5, 140);
    expect(body).toMatchObject({ time_spent_seconds: 0, scroll_depth_percent: 100 });
    expect(readingPayload('x', Number.NaN, Number.NaN)).toMatchObject({ time_spent_seconds: 0, scroll_depth_percent: 0 });
  });
});

describe('newVisitId', () => {
  it('is a v4 UUID, also where randomUUID is missing', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newVisitId()).toMatch(v4);
    const fallback = newVisitId({ getRandomValues: (array) => crypto.getRandomValues(array) });
    expect(fallback).toMatch(v4);
    expect(readingSchema.shape.visit_id.safeParse(fallback).success).toBe(true);
  });
});

describe('VisitClock', () => {
  it('counts only the time the page is visible', () => {
    const clock = new VisitClock(0, true);
    expect(clock.seconds(12_400)).toBe(12);
    clock.visibility(false, 15_000);
    expect(clock.seconds(100_000)).toBe(15);
    clock.visibility(true, 100_000);
    expect(clock.seconds(110_000)).toBe(25);
  });
  it('starts paused in a background tab', () => {
    const clock = new VisitClock(0, false);
    expect(clock.seconds(50_000)).toBe(0);
    clock.visibility(true, 50_000);
    clock.visibility(true, 55_000);
    expect(clock.seconds(60_000)).toBe(10);
  });
});
