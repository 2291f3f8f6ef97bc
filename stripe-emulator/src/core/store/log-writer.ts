import { writeSync } from "node:fs";

/** A put's header: the record's id, type, owner, `created` and index keys. */
export interface PutHeader {
  k: "p";
  id: string;
  t: string;
  o?: string;
  a?: number;
  x?: string[];
}

/** One line's header in the log. A put and the small state ("m") are followed by a tab and JSON. */
export type Header = PutHeader | { k: "d"; id: string } | { k: "m" } | { k: "c" };

/** Bytes per write, and per read when the log is loaded (times 4). */
export const CHUNK = 1 << 20;

/**
 * Appends lines in writes of about 1 MB and tells where each record's JSON landed. Lines are
 * joined as strings and encoded once per write, rather than as a Buffer each.
 */
export class LogWriter {
  private chunk = "";
  private chunkBytes = 0;
  position: number;
  constructor(
    private readonly fd: number,
    start: number,
  ) {
    this.position = start;
  }

  line(text: string) {
    this.append(`${text}\n`, Buffer.byteLength(text) + 1);
  }

  /** `json` as a string, or as the bytes of a record copied from the old log. */
  record(header: Header, json: string | Buffer): [number, number] {
    const head = `${JSON.stringify(header)}\t`;
    const headBytes = Buffer.byteLength(head);
    const offset = this.position + this.chunkBytes + headBytes;
    if (typeof json === "string") {
      const bodyBytes = Buffer.byteLength(json);
      this.append(`${head}${json}\n`, headBytes + bodyBytes + 1);
      return [offset, bodyBytes];
    }
    this.append(head, headBytes);
    this.drain();
    this.writeBytes(json);
    this.append("\n", 1);
    return [offset, json.length];
  }

  private append(text: string, bytes: number) {
    this.chunk += text;
    this.chunkBytes += bytes;
    if (this.chunkBytes >= CHUNK) this.drain();
  }

  private drain() {
    if (this.chunkBytes === 0) return;
    this.writeBytes(Buffer.from(this.chunk));
    this.chunk = "";
    this.chunkBytes = 0;
  }

  private writeBytes(data: Buffer) {
    let written = 0;
    while (written < data.length) {
      written += writeSync(this.fd, data, written, data.length - written, this.position + written);
    }
    this.position += data.length;
  }

  end() {
    this.drain();
  }
}
