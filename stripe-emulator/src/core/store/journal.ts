import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readSync,
  renameSync,
} from "node:fs";
import type { StripeObject } from "../state";
import { CHUNK, type Header, LogWriter, type PutHeader } from "./log-writer";

/** Where a record's JSON sits in the log; offset -1 while it has never been written. */
export interface LogLocation {
  offset: number;
  length: number;
}

/** A record to write: its header, its JSON (or its bytes copied from the old log), and where it goes. */
export type LogRecord = [header: PutHeader, json: string | Buffer, location: LogLocation];

/** What loading the log does with each committed line. */
export interface Replay {
  /** Files a record found at `offset`; returns where the version it supersedes was. */
  put(header: PutHeader, offset: number, length: number): LogLocation | undefined;
  /** Forgets a record; returns where it was. */
  delete(id: string): LogLocation | undefined;
  /** The small state, from an "m" line. */
  state(json: string): void;
  /** The small state once the log is read, as the next batch would write it. */
  current(): string;
}

/** The log is compacted when it is this big and more than half of it is superseded. */
const COMPACT_MIN_BYTES = 32 * 1024 * 1024;

/**
 * The log file: JSON lines appended in batches, each closed by a commit line. At start it is
 * read header by header (records are not parsed); a batch without its commit line (a crash
 * mid-write) is cut off, so a restart sees the state of the last whole batch. When more than
 * half of it is superseded versions, it is rewritten with only the live records (a temporary
 * file, then a rename).
 */
export class Journal {
  private fd: number | null = null;
  private size = 0;
  /** Bytes of the records still live, to know when compaction pays. */
  private liveBytes = 0;
  /** The small state as the log last holds it. */
  private writtenMeta = "";
  /** Written since the last sync to disk. */
  private unsynced = false;

  constructor(
    private readonly file: string,
    private readonly warn: (message: string) => void,
  ) {}

  get isOpen(): boolean {
    return this.fd !== null;
  }

  /** Loads the log if there is one; the store rewrites it if it is still not open after this. */
  open(replay: Replay) {
    if (existsSync(this.file)) this.load(replay);
  }

  read(at: LogLocation): StripeObject {
    if (this.fd === null || at.offset < 0) throw new Error("record is not in the log");
    return JSON.parse(this.bytesOf(at).toString("utf8")) as StripeObject;
  }

  /** A record's JSON as it sits in the log, for copying without parsing. */
  bytesOf(at: LogLocation): Buffer {
    if (this.fd === null) throw new Error("the log is closed");
    const buffer = Buffer.allocUnsafe(at.length);
    readSync(this.fd, buffer, 0, at.length, at.offset);
    return buffer;
  }

  /** True when `meta` is the small state the log already holds. */
  holds(meta: string): boolean {
    return meta === this.writtenMeta;
  }

  /** Syncs what was written unsynced, when asked to (a batch with nothing in it). */
  syncIfAsked(sync: boolean) {
    if (this.fd === null) return;
    if (sync && this.unsynced) fdatasyncSync(this.fd);
    this.unsynced = this.unsynced && !sync;
  }

  /** A record's bytes are superseded or gone. */
  release(at: LogLocation) {
    if (at.offset >= 0) this.liveBytes -= at.length;
  }

  /** Appends one batch: the removed ids, the changed records, the small state, a commit line. */
  append(removed: Iterable<string>, records: Iterable<LogRecord>, meta: string, sync: boolean) {
    if (this.fd === null) throw new Error("the log is closed");
    const writer = new LogWriter(this.fd, this.size);
    for (const id of removed) writer.line(JSON.stringify({ k: "d", id }));
    const placed: Array<[LogLocation, number, number]> = [];
    for (const [header, json, location] of records) {
      const [offset, length] = writer.record(header, json);
      placed.push([location, offset, length]);
    }
    writer.record({ k: "m" }, meta);
    writer.line(JSON.stringify({ k: "c" }));
    writer.end();
    if (sync) fdatasyncSync(this.fd);
    this.unsynced = !sync;
    this.size = writer.position;
    for (const [location, offset, length] of placed) {
      this.release(location);
      location.offset = offset;
      location.length = length;
      this.liveBytes += length;
    }
    this.writtenMeta = meta;
  }

  /** Over 32 MB and more than half superseded. */
  needsCompaction(): boolean {
    return this.size > COMPACT_MIN_BYTES && this.size > 2 * this.liveBytes;
  }

  /**
   * Writes the given live records to a new log and swaps it in (atomically: a crash leaves the
   * old one). `records` may read the old log (`bytesOf`) as it goes.
   */
  rewrite(records: Iterable<LogRecord>, meta: string) {
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(tmp, "w+");
    const writer = new LogWriter(fd, 0);
    const placed: Array<[LogLocation, number, number]> = [];
    for (const [header, json, location] of records) {
      const [offset, length] = writer.record(header, json);
      placed.push([location, offset, length]);
    }
    writer.record({ k: "m" }, meta);
    writer.line(JSON.stringify({ k: "c" }));
    writer.end();
    fdatasyncSync(fd);
    renameSync(tmp, this.file);
    if (this.fd !== null) closeSync(this.fd);
    this.fd = fd;
    this.size = writer.position;
    this.liveBytes = 0;
    for (const [location, offset, length] of placed) {
      location.offset = offset;
      location.length = length;
      this.liveBytes += length;
    }
    this.writtenMeta = meta;
  }

  stats() {
    return { logBytes: this.size, liveBytes: this.liveBytes };
  }

  close() {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** Reads the log's headers; a torn last batch is cut off, a file that is no log set aside. */
  private load(replay: Replay) {
    const file = this.file;
    const fd = openSync(file, "r+");
    const total = fstatSync(fd).size;
    type Op = { header: Header; offset: number; length: number };
    let batch: Op[] = [];
    let committedEnd = 0;
    let sawCommit = false;
    let broken: string | null = null;
    let position = 0;
    let carry = Buffer.alloc(0);
    const chunk = Buffer.allocUnsafe(4 * CHUNK);
    outer: while (position < total || carry.length > 0) {
      const read = position < total ? readSync(fd, chunk, 0, chunk.length, position) : 0;
      const base = position - carry.length;
      position += read;
      const data = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk;
      const end = carry.length > 0 ? data.length : read;
      let start = 0;
      for (;;) {
        const newline = data.indexOf(10, start);
        if (newline < 0 || newline >= end) break;
        const tab = data.indexOf(9, start);
        const headerEnd = tab >= 0 && tab < newline ? tab : newline;
        let header: Header;
        try {
          header = JSON.parse(data.toString("utf8", start, headerEnd)) as Header;
          if (!header || typeof header !== "object" || !("k" in header)) throw new Error("no k");
        } catch (error) {
          broken = `line at byte ${base + start}: ${String(error)}`;
          break outer;
        }
        const valueOffset = base + headerEnd + 1;
        batch.push({
          header,
          offset: valueOffset,
          length: headerEnd === newline ? 0 : newline - headerEnd - 1,
        });
        if (header.k === "c") {
          this.apply(batch, fd, replay);
          batch = [];
          sawCommit = true;
          committedEnd = base + newline + 1;
        }
        start = newline + 1;
      }
      carry = Buffer.from(data.subarray(start, end));
      if (read === 0) break;
    }
    if (!sawCommit && total > 0) {
      closeSync(fd);
      const aside = `${file}.corrupt-${Date.now()}`;
      renameSync(file, aside);
      this.warn(`Stripe emulator state in ${file} was unreadable (${broken}); moved to ${aside}`);
      return;
    }
    if (committedEnd < total) {
      this.warn(
        `Stripe emulator state in ${file}: dropped an unfinished last write (${total - committedEnd} bytes${broken ? `; ${broken}` : ""})`,
      );
      ftruncateSync(fd, committedEnd);
    }
    this.fd = fd;
    this.size = committedEnd;
    this.writtenMeta = replay.current();
  }

  private apply(
    batch: Array<{ header: Header; offset: number; length: number }>,
    fd: number,
    replay: Replay,
  ) {
    for (const { header, offset, length } of batch) {
      if (header.k === "p") {
        const superseded = replay.put(header, offset, length);
        if (superseded) this.release(superseded);
        this.liveBytes += length;
      } else if (header.k === "d") {
        const gone = replay.delete(header.id);
        if (gone) this.release(gone);
      } else if (header.k === "m") {
        const buffer = Buffer.allocUnsafe(length);
        readSync(fd, buffer, 0, length, offset);
        replay.state(buffer.toString("utf8"));
      }
    }
  }
}
