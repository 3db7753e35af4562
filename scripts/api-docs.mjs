#!/usr/bin/env node
/**
 * `npm run docs:api [-- --check]`: the API reference of `@kubegen/runtime` and `@kubegen/api`, built by TypeDoc
 * from their TSDoc into `docs/api/` (gitignored), and link-checked.
 *
 * - Entry points come from the packages themselves: every subpath export of `runtime/package.json` (so a new
 *   subpath is documented without touching this file), and every entry point of `@kubegen/api` (`<group>`,
 *   `<group>/<version>`, `<group>/fake`: its `./*` export over `api/src/<...>/index.ts`). Modules are named by
 *   their import path (`@kubegen/runtime/cache`, `@kubegen/api/apps/v1`).
 * - The check: TypeDoc's validation (`notExported`: a documented signature names a type no entry point exports;
 *   `invalidLink`: a `{@link}` that resolves to nothing) with every warning an error, and every link of
 *   `docs/*.md` and `README.md` into the reference (`api/…`, `docs/api/…`) must name a page that was written (and an
 *   anchor on it, when it has one).
 * - `--check` runs the conversion and both checks but writes no pages (a temporary directory is used for the
 *   link check and removed); without it the reference is written to `docs/api/`. `--markdown <file>` checks the
 *   `api/…` links of one more markdown file (as if it were in docs/; the test's negative control).
 *
 * Exit status 0 when everything resolves, 1 with one line per problem, 2 for a bad argument.
 *
 * The block tags the types emitter writes on generated fields (`@listType map`, `@minimum 1`, `@itemsMaxLength 63`
 * …, generator/emit/types-ts.ts `constraintTags`) are declared to TypeDoc from that emitter, so a tag it does not
 * know is still a warning. Needs `npm run build` (the generator's dist) first.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Application, Converter, OptionDefaults } from 'typedoc';

const require = createRequire(import.meta.url);
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(REPO, 'docs', 'api');

/** Runtime subpaths whose exports other entry points re-export (see `entryPoints`). */
const REEXPORTED = ['./log'];

/** `[file relative to the repository, import path]` of every entry point, runtime first. */
function entryPoints() {
  const runtime = JSON.parse(fs.readFileSync(path.join(REPO, 'runtime/package.json'), 'utf8'));
  const out = [];
  // TypeDoc documents a symbol exported by several entry points on the page of the first: the subpaths other
  // entries re-export (the logger, re-exported by ./controller and the root) come first, so it lives under its own
  const keys = Object.keys(runtime.exports);
  for (const key of [...REEXPORTED.filter((k) => keys.includes(k)), ...keys.filter((k) => !REEXPORTED.includes(k))]) {
    const types = runtime.exports[key]?.types;
    if (typeof types !== 'string') continue;
    const file = path.posix.join('runtime', types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts'));
    out.push([file, key === '.' ? '@kubegen/runtime' : `@kubegen/runtime/${key.slice(2)}`]);
  }
  const apiSrc = path.join(REPO, 'api/src');
  const walk = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name === 'index.ts' ? [dir] : []));
  for (const dir of walk(apiSrc).sort()) {
    const sub = path.relative(apiSrc, dir).split(path.sep).join('/');
    out.push([path.posix.join('api/src', sub, 'index.ts'), `@kubegen/api/${sub}`]);
  }
  return out;
}

/** The TSDoc block tags `constraintTags` can write, two levels of `items` deep. */
function constraintBlockTags() {
  const { constraintTags } = require(path.join(REPO, 'dist/generator/emit/types-ts.js'));
  const all = { minimum: 1, maximum: 2, multipleOf: 1, minLength: 1, maxLength: 1, pattern: 'a', format: 'f', enum: ['a'], minItems: 1, maxItems: 1, uniqueItems: true,
    minProperties: 1, maxProperties: 1, listType: 'map', listMapKeys: ['k'], mapType: 'atomic', nullable: true, rules: [{ rule: 'self == oldSelf' }, { rule: 'true' }] };
  const names = new Set();
  for (const exclusive of [false, true]) {
    const c = { ...all, exclusiveMinimum: exclusive, exclusiveMaximum: exclusive, items: { ...all, exclusiveMinimum: exclusive, exclusiveMaximum: exclusive, items: { ...all } } };
    for (const t of constraintTags(c, { default: { value: 1 }, immutable: true })) names.add(t.split(' ')[0]);
  }
  return [...names].sort();
}

/** Links of a markdown file into the reference: `[text](api/…)` from docs/, `[text](docs/api/…)` from the README. */
function referenceLinks(mdFile, prefix) {
  const text = fs.readFileSync(mdFile, 'utf8');
  const out = [];
  const re = /\]\(([^)\s]+)\)/g;
  for (const m of text.matchAll(re)) {
    const target = m[1];
    if (!target.startsWith(prefix)) continue;
    const before = text.slice(0, m.index + 2);
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    out.push({ where: `${path.relative(REPO, mdFile)}:${line}:${column}`, target: target.slice(prefix.length) });
  }
  return out;
}

/** One line per link of docs/*.md and README.md into the reference that names no written page or anchor. */
function checkMarkdownLinks(outDir, extraMarkdown) {
  const docs = path.join(REPO, 'docs');
  const links = [
    ...fs.readdirSync(docs).filter((f) => f.endsWith('.md')).sort().flatMap((f) => referenceLinks(path.join(docs, f), 'api/')),
    ...referenceLinks(path.join(REPO, 'README.md'), 'docs/api/'),
    ...extraMarkdown.flatMap((f) => referenceLinks(f, 'api/')),
  ];
  const problems = [];
  for (const { where, target } of links) {
    const [page, anchor] = target.split('#');
    const file = path.join(outDir, page === '' ? 'index.html' : page);
    if (!file.startsWith(outDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      problems.push(`${where}: the API reference has no page ${target}`);
    } else if (anchor !== undefined && anchor !== '' && !fs.readFileSync(file, 'utf8').includes(`id="${anchor}"`)) {
      problems.push(`${where}: the API reference page ${page} has no anchor #${anchor}`);
    }
  }
  return { count: links.length, problems };
}

async function main(argv) {
  let check = false;
  const extraMarkdown = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--check') check = true;
    else if (argv[i] === '--markdown' && i + 1 < argv.length) extraMarkdown.push(path.resolve(argv[++i]));
    else {
      console.error(`docs:api: unknown argument ${argv[i]} (want --check, --markdown <file>)`);
      return 2;
    }
  }
  const started = Date.now();
  const entries = entryPoints();
  // TypeDoc names a module by its path from the entry points' common directory (the repository), without the
  // extension and a trailing /index: that name becomes the import path
  const names = new Map(entries.map(([file, name]) => [file.replace(/\.ts$/, '').replace(/\/index$/, ''), name]));
  const app = await Application.bootstrapWithPlugins({
    name: 'kubegen API reference',
    entryPoints: entries.map(([file]) => path.join(REPO, file)),
    entryPointStrategy: 'resolve',
    tsconfig: path.join(REPO, 'scripts/api-docs.tsconfig.json'),
    readme: 'none',
    // the sources are type-checked by `npm test` (tsc); TypeDoc only reads them
    skipErrorChecking: true,
    excludePrivate: true,
    excludeInternal: true,
    blockTags: [...OptionDefaults.blockTags, ...constraintBlockTags()],
    validation: { notExported: true, invalidLink: true, invalidPath: true, rewrittenLink: true, notDocumented: false, unusedMergeModuleWith: true },
    treatWarningsAsErrors: true,
    githubPages: false,
    // no source links: the repository has no public remote to link to
    disableSources: true,
    hideGenerator: true,
    sort: ['kind', 'alphabetical'],
    logLevel: 'Warn',
  });
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const unnamed = [];
    for (const mod of context.project.children ?? []) {
      const name = names.get(mod.name);
      if (name === undefined) unnamed.push(mod.name);
      else mod.name = name;
    }
    if (unnamed.length > 0) app.logger.error(`docs:api: modules not named by an import path: ${unnamed.join(', ')}`);
  });
  const project = await app.convert();
  if (!project) {
    console.error('docs:api: TypeDoc could not convert the packages (see above)');
    return 1;
  }
  app.validate(project);
  if (app.logger.hasErrors() || app.logger.hasWarnings()) {
    console.error('docs:api: TypeDoc reported problems (see above)');
    return 1;
  }
  const outDir = check ? fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-api-docs-')) : OUT;
  try {
    await app.generateDocs(project, outDir);
    if (app.logger.hasErrors() || app.logger.hasWarnings()) {
      console.error('docs:api: TypeDoc reported problems writing the pages (see above)');
      return 1;
    }
    const { count, problems } = checkMarkdownLinks(outDir, extraMarkdown);
    for (const p of problems) console.error(p);
    if (problems.length > 0) return 1;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`docs:api: ${entries.length} entry points, ${count} links from docs/ checked, ${check ? 'checked' : `written to ${path.relative(REPO, OUT)}/`} in ${seconds} s`);
    return 0;
  } finally {
    if (check) fs.rmSync(outDir, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv.slice(2));
