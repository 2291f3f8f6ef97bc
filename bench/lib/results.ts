export interface Figure {
  benchmark: string;
  metric: string;
  value: number;
  unit: string;
  /** The side-by-side reference, when the figure is a ratio. */
  reference?: number;
  target?: string;
  meetsTarget?: boolean;
}

export const figures: Figure[] = [];

export function record(figure: Figure) {
  figures.push(figure);
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
