// The docs name files and decisions; a rename or a removal that forgets them leaves a newcomer
// reading about code that does not exist. These checks keep docs/ and the README true.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DECISIONS = 'docs/decisions';
/** 'issue 31', but not another project's ('porsager/postgres issues 1130'). */
const ISSUE_CITATION = /(?<![\w-]\/[\w.-]+ )\bissues? ?#?\d+/i;
const trackedFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'])
  .toString()
  .split('\n')
  .filter(Boolean);
const docFiles = trackedFiles.filter(
  (file) => (file.startsWith('docs/') && file.endsWith('.md')) || file === 'README.md',
);

/** Names a file by a path (`src/server/app.ts`) or by its tail (`features/catalog/x.ts`). */
const FILE_NAME = /(?<![\w./-])([\w$.-]+\/)*[\w$-]+(\.[\w-]+)*\.(ts|tsx|sql|json|md)(?![\w/])/g;
/** Placeholders and other files' names that are not ours (written in the docs on purpose). */
const NOT_PATHS = new Set(['NNN-title.md', 'NNN-short-title.md', 'NNNN_name.sql']);
const ROOTS = ['src/', 'tests/', 'scripts/', 'bench/', 'drizzle/', 'docs/', '.ci/'];

/** What the build writes, not the repository. */
const BUILT = ['dist/', 'node_modules/'];

function namedFiles(doc: string): string[] {
  const text = readFileSync(doc, 'utf8').replace(/\]\([^)]*\)/g, ']'); // links are checked below
  return [...text.matchAll(FILE_NAME)]
    .map((match) => match[0])
    .filter((name) => !NOT_PATHS.has(path.basename(name)))
    .filter((name) => !BUILT.some((folder) => name.startsWith(folder)))
    .map((name) => (name.startsWith('.') ? path.join(path.dirname(doc), name) : name));
}

/** A path from the root must exist as written; a tail (`features/x.ts`) must end some file. */
const exists = (name: string) =>
  ROOTS.some((root) => name.startsWith(root)) || name === 'README.md'
    ? trackedFiles.includes(name)
    : trackedFiles.some((file) => file === name || file.endsWith(`/${name}`));

describe('docs', () => {
  it('name only files that exist', () => {
    const missing = docFiles.flatMap((doc) =>
      namedFiles(doc)
        .filter((name) => !exists(name))
        .map((name) => `${doc}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('link only to files that exist', () => {
    const broken = docFiles.flatMap((doc) => {
      const links = [...readFileSync(doc, 'utf8').matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)];
      return links
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter(
          (target) => !trackedFiles.includes(path.normalize(path.join(path.dirname(doc), target))),
        )
        .filter((target) => !isFolder(path.join(path.dirname(doc), target)))
        .map((target) => `${doc}: ${target}`);
    });
    expect(broken).toEqual([]);
  });

  it('call each decision by its own number where they link to it', () => {
    const misnamed = docFiles.flatMap((doc) =>
      [...readFileSync(doc, 'utf8').matchAll(/\[(\d{3})\]\((?:[./]*decisions\/)?(\d{3})-[^)]*\)/g)]
        .filter((match) => match[1] !== match[2])
        .map((match) => `${doc}: ${match[0]}`),
    );
    expect(misnamed).toEqual([]);
  });

  it('number each decision once and list every one in the index', () => {
    const records = readdirSync(DECISIONS).filter((file) => /^\d{3}-.+\.md$/.test(file));
    const numbers = records.map((file) => file.slice(0, 3));
    const repeated = numbers.filter((number, index) => numbers.indexOf(number) !== index);
    expect(repeated).toEqual([]);

    const index = readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');
    const unlisted = records.filter(
      (file) => !new RegExp(`\\| ${file.slice(0, 3)} \\| \\[[^\\]]+\\]\\(${file}\\)`).test(index),
    );
    expect(unlisted).toEqual([]);
    for (const file of records) {
      expect(readFileSync(path.join(DECISIONS, file), 'utf8')).toMatch(
        new RegExp(`^# ${file.slice(0, 3)} · `),
      );
    }
  });

  it('say each paragraph once per document', () => {
    // A merge that takes both sides of a passage leaves it twice, and one copy goes stale.
    const repeated = docFiles.flatMap((doc) => {
      const paragraphs = readFileSync(doc, 'utf8')
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
        .filter((paragraph) => paragraph.length >= 120 && !paragraph.startsWith('|'));
      return paragraphs
        .filter((paragraph, index) => paragraphs.indexOf(paragraph) !== index)
        .map((paragraph) => `${doc}: ${paragraph.slice(0, 80)}…`);
    });
    expect(repeated).toEqual([]);
  });

  it('say no passage twice, even when a merge edited one copy', () => {
    // The copies a merge leaves differ a little (one was edited since), so whole paragraphs do
    // not match: a run of this many words in the same order does.
    const RUN = 20;
    const repeated = docFiles.flatMap((doc) => {
      const prose = readFileSync(doc, 'utf8')
        .split('\n')
        .filter((line) => !line.trimStart().startsWith('|'))
        .join(' ');
      const words = prose.split(/\s+/).filter(Boolean);
      const seen = new Set<string>();
      const twice: string[] = [];
      for (let start = 0; start + RUN <= words.length; start++) {
        const run = words.slice(start, start + RUN).join(' ');
        if (seen.has(run)) twice.push(`${doc}: ${run}`);
        seen.add(run);
      }
      return twice.slice(0, 1);
    });
    expect(repeated).toEqual([]);
  });

  it('cite decision records, never an issue: issues are not in the repository', () => {
    const citing = trackedFiles
      .filter((file) => /^(src|tests)\/.*\.tsx?$/.test(file) && !file.includes('/fixtures/'))
      .filter((file) => ISSUE_CITATION.test(readFileSync(file, 'utf8')))
      .filter((file) => file !== 'tests/unit/docs.test.ts');
    expect(citing).toEqual([]);
  });
});

function isFolder(target: string): boolean {
  const prefix = `${path.normalize(target).replace(/\/$/, '')}/`;
  return trackedFiles.some((file) => file.startsWith(prefix));
}
