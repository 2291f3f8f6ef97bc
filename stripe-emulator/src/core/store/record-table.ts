import type { LogLocation } from "./journal";
import type { Indexed } from "./object-index";

/**
 * What the store keeps in memory about every record, loaded or not (about 200 bytes with its
 * id, measured at 50,000 records). It grows with a year of history, so it is kept small: the
 * type and owner strings are shared, index keys are shared buckets.
 */
export interface Entry extends Indexed, LogLocation {
  type: string;
  owner: string | null;
  /** `created` of the record, for retention windows. */
  at: number | undefined;
}

/** Every record's entry by id, and the ids of each type in the order they were filed. */
export class RecordTable {
  private readonly entries = new Map<string, Entry>();
  private readonly byType = new Map<string, Set<string>>();
  /** One copy of each type and owner string, however many entries name it. */
  private readonly names = new Map<string, string>();

  get(id: string): Entry | undefined {
    return this.entries.get(id);
  }

  /** Sets the entry of `id` and files it under its type (a type it already had keeps its place). */
  set(id: string, entry: Entry) {
    this.entries.set(id, entry);
    let ids = this.byType.get(entry.type);
    if (!ids) {
      ids = new Set();
      this.byType.set(entry.type, ids);
    }
    ids.add(id);
  }

  /** Takes `id` off its type's list; the entry itself stays until `delete`. */
  unfile(id: string, entry: Entry) {
    this.byType.get(entry.type)?.delete(id);
  }

  delete(id: string) {
    this.entries.delete(id);
  }

  /** A shared copy of a type or owner name. */
  intern(name: string): string {
    const known = this.names.get(name);
    if (known !== undefined) return known;
    this.names.set(name, name);
    return name;
  }

  ids(): IterableIterator<string> {
    return this.entries.keys();
  }

  all(): IterableIterator<[string, Entry]> {
    return this.entries.entries();
  }

  idsOf(type: string): Set<string> | undefined {
    return this.byType.get(type);
  }

  get size(): number {
    return this.entries.size;
  }

  clear() {
    this.entries.clear();
    this.byType.clear();
    this.names.clear();
  }
}
