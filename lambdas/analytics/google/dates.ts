// The days of a range, for series that must have one point a day even when Google has no row for it.
export function daysOf(range: { startDate: string; endDate: string }): string[] {
  const days: string[] = [];
  const end = Date.parse(`${range.endDate}T00:00:00Z`);
  for (let time = Date.parse(`${range.startDate}T00:00:00Z`); time <= end && days.length < 400; time += 86_400_000) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/** 'YYYYMMDD' (or an int of it) as 'YYYY-MM-DD'; a value already in that form is kept. */
export function isoDay(value: string | number): string {
  const text = String(value);
  return /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}` : text;
}
