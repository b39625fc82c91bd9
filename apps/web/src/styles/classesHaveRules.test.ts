/**
 * No unstyled blocks (issue 19 §1): every CSS class a component names in a `className` — a string,
 * a template's fixed words or any string inside the expression (a ternary, a NavLink callback) — has
 * a rule in some CSS file of the app. A class with no rule shows the browser's defaults (the node
 * figures' bare `<dl>` indentation of the 2026-11 review). Words next to a `${…}` are a prefix or a
 * suffix of a class built at run time: some rule must then start (end) with that fixed part.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every class selector of every CSS file (`.name` outside comments and strings). */
function cssClasses(): Set<string> {
  const classes = new Set<string>();
  for (const file of filesUnder(SRC, (n) => n.endsWith('.css'))) {
    const css = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/url\([^)]*\)/g, '')
      .replace(/'[^']*'|"[^"]*"/g, '');
    // Only selector text: what comes before a `{`, not declarations (`0.5rem`, `1.45`).
    for (const selector of css.match(/[^{}]+(?=\{)/g) ?? []) {
      for (const m of selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) classes.add(m[1] as string);
    }
  }
  return classes;
}

type Word = { name: string; kind: 'whole' | 'prefix' | 'suffix' };
/** The class words one element can get from one literal (a ternary's branch) or one template. */
type ClassList = { file: string; line: number; words: Word[] };

function words(text: string, joinedBefore: boolean, joinedAfter: boolean): Word[] {
  const parts = text.split(/\s+/);
  return parts.flatMap((name, i): Word[] => {
    if (name === '') return [];
    const prefix = joinedAfter && i === parts.length - 1;
    const suffix = joinedBefore && i === 0;
    if (prefix && suffix) return [];
    return [{ name, kind: prefix ? 'prefix' : suffix ? 'suffix' : 'whole' }];
  });
}

/** Every class list a `className` of this file can produce. */
function classLists(file: string): ClassList[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lists: ClassList[] = [];
  const at = (node: ts.Node) => ({
    file: relative(SRC, file),
    line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
  });
  const collect = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      lists.push({ ...at(node), words: words(node.text, false, false) });
      return;
    }
    if (ts.isTemplateExpression(node)) {
      // Its fixed words; the strings inside its `${…}` are part of classes built at run time.
      const list: Word[] = [...words(node.head.text, false, true)];
      node.templateSpans.forEach((span, i) =>
        list.push(...words(span.literal.text, true, i < node.templateSpans.length - 1)),
      );
      lists.push({ ...at(node), words: list });
      return;
    }
    // `x === 'noLiquidity' ? … : …`: a compared value, not a class.
    if (ts.isBinaryExpression(node) && /^[!=]==?$/.test(node.operatorToken.getText(source))) return;
    ts.forEachChild(node, collect);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'className' && node.initializer)
      collect(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lists;
}

describe('every class used in a className has a CSS rule', () => {
  const classes = cssClasses();
  const tsx = filesUnder(SRC, (n) => n.endsWith('.tsx') && !n.includes('.test.'));

  it('finds the classes and their uses', () => {
    expect(classes.has('button')).toBe(true);
    expect(tsx.length).toBeGreaterThan(50);
  });

  it('styles every element: each class list has at least one class with a rule', () => {
    const all = [...classes];
    const styled = (word: Word): boolean =>
      word.kind === 'whole'
        ? classes.has(word.name)
        : word.kind === 'prefix'
          ? all.some((c) => c.startsWith(word.name))
          : all.some((c) => c.endsWith(word.name));
    const unstyled = tsx
      .flatMap(classLists)
      .filter((list) => list.words.length > 0 && !list.words.some(styled))
      .map((list) => `${list.file}:${list.line} ${list.words.map((w) => `.${w.name}`).join(' ')}`);
    expect(unstyled).toEqual([]);
  });
});
