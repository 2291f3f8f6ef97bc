import { readFileSync } from "node:fs";

/** The parts of a V8 .cpuprofile (node --cpu-prof) a summary needs. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

export interface FrameTime {
  frame: string;
  selfMs: number;
  share: number;
}

/** "hono", "@hono/node-server", "server/http", "(node)"…: where a frame's code lives. */
function placeOf(url: string): string {
  if (!url) return "(V8 / native)";
  if (url.startsWith("node:")) return "(node)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules !== -1) {
    const [first = "", second = ""] = url.slice(modules + "node_modules/".length).split("/");
    return first.startsWith("@") ? `${first}/${second}` : first;
  }
  const file = url.replace(/^file:\/\//, "").replace(`${process.cwd()}/`, "");
  return file.split("/").slice(0, 2).join("/");
}

function frameName(frame: CpuProfile["nodes"][number]["callFrame"]): string {
  const name = frame.functionName || "(anonymous)";
  if (!frame.url) return name;
  const file = frame.url.replace(/^file:\/\//, "").replace(`${process.cwd()}/`, "");
  return `${name} ${file}:${frame.lineNumber + 1}`;
}

/** Self time by frame and by package, largest first. */
export function summarizeCpuProfile(file: string) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byFrame = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id);
    const us = profile.timeDeltas[i] ?? 0;
    if (!frame) return;
    totalUs += us;
    const name = frameName(frame);
    byFrame.set(name, (byFrame.get(name) ?? 0) + us);
    const place = placeOf(frame.url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  });
  const ranked = (m: Map<string, number>): FrameTime[] =>
    [...m.entries()]
      .map(([frame, us]) => ({ frame, selfMs: us / 1000, share: us / totalUs }))
      .sort((a, b) => b.selfMs - a.selfMs);
  return { totalMs: totalUs / 1000, frames: ranked(byFrame), places: ranked(byPlace) };
}

export function formatSummary(summary: ReturnType<typeof summarizeCpuProfile>, top = 25) {
  const row = (f: FrameTime) =>
    `${(f.share * 100).toFixed(1).padStart(5)}%  ${f.selfMs.toFixed(0).padStart(6)} ms  ${f.frame}`;
  return [
    `sampled ${summary.totalMs.toFixed(0)} ms`,
    "",
    "self time by frame:",
    ...summary.frames.slice(0, top).map(row),
    "",
    "self time by package / folder:",
    ...summary.places.slice(0, 15).map(row),
  ].join("\n");
}
