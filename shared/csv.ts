// The one writer of every CSV the portal hands out (today the import's error log). Cells come from
// people (an uploaded file, a form), and a spreadsheet runs a cell that begins with =, +, -, @, a tab or
// a carriage return as a formula (=HYPERLINK(...) becomes a link, +cmd... a command): such a cell gets a
// leading single quote, OWASP's advice against CSV injection, which the spreadsheet shows as text.
// Quoting is RFC 4180's (a cell with a quote, comma, semicolon or line break goes in double quotes,
// its quotes doubled); the semicolon too, since spreadsheets in pt-BR split on it. Lines end in CRLF.

/** Starts a formula in Excel, Sheets or LibreOffice. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, neutralized and quoted. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The whole file: a header line, then one line per row. */
export function csvFile(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',') + '\r\n').join('');
}
