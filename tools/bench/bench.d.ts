// What the browser benchmark's scripts add to a page's window (tools/bench/page/instrument.js,
// tools/bench/bare/bare.js), for TypeScript's checker over tools/bench/ (jsconfig.bench.json).

/** One worker the page created, as instrument.js records it (times in ms from navigation). */
interface BenchWorker {
  url: string;
  created: number;
  progress: [stage: string, pct: number, at: number][];
  stages: Record<string, number>;
  boot?: string;
  snapshot?: Record<string, unknown> & { at: number };
  failed?: string;
}

/** window.__bench: the marks, long tasks, frames and requests instrument.js records. */
interface BenchRecorder {
  marks: Record<string, number>;
  workers: BenchWorker[];
  longtasks: [start: number, duration: number][];
  requests: [cmd: string, ms: number, at: number][];
  worker: Worker | null;
  frames: number[];
  noLongtask?: boolean;
}

interface Window {
  __bench: BenchRecorder;
  /** the bare page's worker (bare.js) */
  bareWorker: Worker;
  /** why the bare page's (or the worker-only page's) engine failed */
  bareError?: string;
}
