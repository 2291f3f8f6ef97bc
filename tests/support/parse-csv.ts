/** Parses our own RFC 4180 output (quoted fields, doubled quotes, CRLF records). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (isQuoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') isQuoted = false;
      else field += ch;
    } else if (ch === '"') isQuoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 1;
    } else field += ch;
  }
  return records;
}
