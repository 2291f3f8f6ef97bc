// CSV for spreadsheets (the Subscribers tab's exports): RFC 4180 records, UTF-8 with a byte-order
// mark so Excel reads accents right, money in dollars with two decimals, instants in ISO 8601,
// and no cell a spreadsheet would run as a formula.

/** Excel opens a file as UTF-8 only when it starts with this. */
export const CSV_BOM = "\uFEFF";

/** RFC 4180 ends every record, the last included, with CRLF. */
const RECORD_END = "\r\n";

/** Money, as integer cents: written in dollars with two decimals ("1234.50", "-3.00"). */
export interface CsvMoney {
  cents: number;
}

/**
 * A cell: a string is text typed by someone (guarded against formulas); a number is an integer
 * we computed; a Date is an instant; `{ cents }` is money; null or undefined is an empty cell.
 */
export type CsvValue = string | number | Date | CsvMoney | null | undefined;

export const money = (cents: number): CsvMoney => ({ cents });

/**
 * A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets
 * (OWASP "CSV injection"): `=`, `+`, `-`, `@`, and tab or carriage return, which some of them
 * skip before looking. Prefixing `'` makes the cell plain text and shows the value unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field holding a comma, a quote, CR or LF is quoted, its quotes doubled. */
export function quoteField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/** Integer cents as dollars with exactly two decimals, without floating-point rounding. */
export function formatDollars(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

function fieldOf(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return quoteField(neutralizeFormula(value));
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  return formatDollars(value.cents);
}

/** One record, CRLF included. */
export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(fieldOf).join(",") + RECORD_END;
}

/** The start of a file: the byte-order mark and the header record. */
export function csvHeader(columns: readonly string[]): string {
  return CSV_BOM + csvRecord(columns);
}
