// Runs the engine's test suite (tests/) inside Pyodide in Node.js, against the built wheel.
//
//   node tools/pyodide_tests.mjs --wheels DIR --test-wheel FILE... [--shard K/N]
//                                [--report FILE] [-- PYTEST ARGS]
//
// --wheels: the site's wheel folder (dist/wheels/): the engine wheel pygames-*.whl, and the
//   micropip and packaging wheels that build.py pins. --test-wheel (repeated): pytest,
//   hypothesis and their dependencies (build.py downloads and sha256-checks them into
//   .cache/test-wheels/). `python3 build.py pyodide-tests` runs this with the right arguments.
// --shard K/N: run only every N-th collected test, starting with the K-th (build.py runs one
//   process per core: Pyodide is single-threaded). --report: write the outcome counts as JSON.
//
// Pyodide comes from node_modules/pyodide (build.py runs `npm ci`). Nothing is fetched from the
// network: micropip installs every wheel from Pyodide's own file system (`emfs:` paths) with
// deps=False. The repository's tests/ folder and pyproject.toml (the pytest configuration) are
// copied, as a snapshot, into /home/pyodide/suite/ in Pyodide's in-memory file system; the
// engine itself is not copied, so `import pygames` can only find the installed wheel (the
// Python side, tools/pyodide_pytest.py, checks that and prints where it came from).
// The exit status is pytest's.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SUITE = "/home/pyodide/suite";
const WHEELS = "/home/pyodide/wheels";

function usage(message) {
  process.stderr.write(
    `${message}\nusage: node tools/pyodide_tests.mjs --wheels DIR --test-wheel FILE...` +
      ` [--shard K/N] [--report FILE] [-- PYTEST ARGS]\n`,
  );
  process.exit(2);
}

function parseArgs(argv) {
  const options = { wheels: null, testWheels: [], shard: [1, 1], report: null, pytest: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--") {
      options.pytest = argv.slice(i + 1);
      break;
    } else if (arg === "--shard") {
      const match = /^(\d+)\/(\d+)$/.exec(argv[(i += 1)] ?? "");
      if (!match || +match[1] < 1 || +match[1] > +match[2]) usage("--shard needs K/N, 1 <= K <= N");
      options.shard = [+match[1], +match[2]];
    } else if (arg === "--report") {
      if (i + 1 >= argv.length) usage("--report needs a file");
      options.report = path.resolve(argv[(i += 1)]);
    } else if (arg === "--wheels" || arg === "--test-wheel") {
      if (i + 1 >= argv.length) usage(`${arg} needs a path`);
      const value = path.resolve(argv[(i += 1)]);
      if (arg === "--wheels") options.wheels = value;
      else options.testWheels.push(value);
    } else {
      usage(`unknown argument ${arg}`);
    }
  }
  if (!options.wheels) usage("--wheels is required");
  if (!options.testWheels.some((file) => /^pytest-/.test(path.basename(file)))) {
    usage("no pytest wheel among the --test-wheel files");
  }
  return options;
}

/** The one file of `folder` whose name matches `pattern` (a clear error otherwise). */
function onlyWheel(folder, pattern) {
  const names = fs.readdirSync(folder).filter((name) => pattern.test(name));
  if (names.length !== 1) {
    throw new Error(`${folder}: expected one wheel matching ${pattern}, found [${names}]`);
  }
  return path.join(folder, names[0]);
}

/** Copy a host folder into Pyodide's file system (no caches, no hidden files). */
function copyTree(FS, from, to) {
  FS.mkdirTree(to);
  let count = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "__pycache__") continue;
    const source = path.join(from, entry.name);
    const target = `${to}/${entry.name}`;
    if (entry.isDirectory()) count += copyTree(FS, source, target);
    else if (entry.isFile()) {
      FS.writeFile(target, fs.readFileSync(source));
      count += 1;
    }
  }
  return count;
}

function say(message) {
  process.stdout.write(`[pyodide-tests] ${message}\n`);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

  const engine = onlyWheel(options.wheels, /^pygames-.+-py3-none-any\.whl$/);
  const support = [
    onlyWheel(options.wheels, /^packaging-.+-py3-none-any\.whl$/),
    onlyWheel(options.wheels, /^micropip-.+-py3-none-any\.whl$/),
  ];
  const testWheels = options.testWheels;

  const require = createRequire(path.join(ROOT, "package.json"));
  const { loadPyodide } = require("pyodide");
  const pyodide = await loadPyodide({ packages: support, messageCallback: () => {} });
  // Raw output, so that pytest's progress and the tests' prints come out as they are written.
  const write = (fd) => ({
    write: (buffer) => {
      fs.writeSync(fd, buffer);
      return buffer.length;
    },
    isatty: false,
  });
  pyodide.setStdout(write(1));
  pyodide.setStderr(write(2));
  say(`Pyodide ${pyodide.version} started in ${seconds()} s`);

  const { FS } = pyodide;
  FS.mkdirTree(WHEELS);
  const urls = [];
  for (const file of [...testWheels, engine]) {
    FS.writeFile(`${WHEELS}/${path.basename(file)}`, fs.readFileSync(file));
    urls.push(`emfs:${WHEELS}/${path.basename(file)}`);
  }
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(urls, { deps: false });
  micropip.destroy();
  say(`installed ${[...testWheels, engine].map((f) => path.basename(f)).join(", ")}`);

  const files = copyTree(FS, path.join(ROOT, "tests"), `${SUITE}/tests`);
  FS.writeFile(`${SUITE}/pyproject.toml`, fs.readFileSync(path.join(ROOT, "pyproject.toml")));
  say(`copied tests/ (${files} files) and pyproject.toml to ${SUITE} in ${seconds()} s`);

  const namespace = pyodide.globals.get("dict")();
  const driver = path.join(ROOT, "tools", "pyodide_pytest.py");
  pyodide.runPython(fs.readFileSync(driver, "utf8"), { globals: namespace, filename: driver });
  const run = namespace.get("main");
  const result = JSON.parse(run(SUITE, pyodide.toPy(options.pytest), ...options.shard));
  if (options.report) fs.writeFileSync(options.report, `${JSON.stringify(result)}\n`);
  say(`pytest exit status ${result.code}; ${seconds()} s in all`);
  return result.code;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`[pyodide-tests] failed: ${error?.stack ?? error}\n`);
    process.exit(3);
  },
);
