// ESLint (flat config): the recommended rules over the site's JavaScript and the Node tools.
// `python3 build.py test` runs `node_modules/.bin/eslint` (pinned in package.json) with it.
//
// The environments follow how each file is loaded:
// - web/**/*.js: ES modules in the page (browser globals);
// - web/worker.js: a module Web Worker (worker globals, no DOM);
// - web/sw.js: the service worker, a classic script (service worker globals);
// - tools/*.mjs, tools/*.js, this file: Node.js ES modules;
// - tests/js/*.mjs: the site's unit tests under `node --test` (Node.js ES modules);
// - e2e/*.js: expressions that the browser tests hand to page.evaluate (a script, browser);
// - tools/bench/page/*.js: what the browser benchmark hands to page.evaluate and
//   add_init_script (a script, browser);
// - tools/bench/bare/*.js: the benchmark's own pages (ES modules in the page), and its bare
//   engine worker (a module Web Worker).

import js from "@eslint/js";
import globals from "globals";

export default [
  {
    // what no one lints: the runtime copied from npm, build outputs, caches
    ignores: [
      "dist/**",
      "web/pyodide/**",
      "node_modules/**",
      "artifacts/**",
      "build/**",
      ".cache/**",
      ".venv/**",
    ],
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...js.configs.recommended,
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    rules: {
      // `catch (_) { /* ignore */ }` and `(_, i) => ...`: a binding named with a leading
      // underscore is deliberately unused (the code's convention); any other unused name is an error
      "no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
        },
      ],
    },
  },
  {
    files: ["web/**/*.js"],
    ignores: ["web/worker.js", "web/sw.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["web/worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["web/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["tools/**/*.mjs", "tools/**/*.js", "eslint.config.js", "tests/js/**"],
    ignores: ["tools/bench/**"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["tools/bench/page/**/*.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
  {
    files: ["tools/bench/bare/**/*.js"],
    ignores: ["tools/bench/bare/bare-worker.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["tools/bench/bare/bare-worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    // a newcomer reads a function at a glance: none over 40 lines in the page's UI, screens and
    // network pieces
    files: ["web/ui/**/*.js", "web/screens/**/*.js", "web/net/**/*.js"],
    rules: { "max-lines-per-function": ["error", { max: 40 }] },
  },
  {
    files: ["e2e/**/*.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
];
