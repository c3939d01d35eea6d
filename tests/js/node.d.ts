// The little of Node's API the site's unit tests use (the project installs no @types/node), so
// that TypeScript's checker reads them with the page's modules (jsconfig.json).

declare module 'node:test' {
  export function test(name: string, fn: (t: { diagnostic(message: string): void }) => unknown): void;
}

declare module 'node:assert/strict' {
  const assert: {
    equal(actual: unknown, expected: unknown, message?: string): void;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
    ok(value: unknown, message?: string): void;
    throws(fn: () => unknown, expected?: object | RegExp | ((error: unknown) => boolean), message?: string): void;
    match(text: string, pattern: RegExp, message?: string): void;
    rejects(promise: Promise<unknown>, expected?: object | RegExp | ((error: unknown) => boolean), message?: string): Promise<void>;
  };
  export default assert;
}

declare function setImmediate(callback: (value?: unknown) => void): unknown;

declare module 'node:fs' {
  export function readFileSync(path: URL | string, encoding: 'utf8'): string;
  export function readdirSync(path: URL | string, options: { recursive: true }): string[];
  export function mkdtempSync(prefix: string): string;
  export function mkdirSync(path: URL | string, options: { recursive: true }): unknown;
  export function copyFileSync(from: URL | string, to: URL | string): void;
  export function rmSync(path: URL | string, options: { recursive: true; force: true }): void;
}

declare module 'node:os' {
  export function tmpdir(): string;
}

declare module 'node:url' {
  export function pathToFileURL(path: string): URL;
}
