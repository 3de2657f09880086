/**
 * One option grammar, one parser for the whole shell layer (#32): a program's words are read with
 * the GNU parser (`src/shell/options/gnu-options.ts`) over its model's grammar, directly or through
 * `programs/parse.ts` (`readBy`, `readWords`). The lenient scanner that read them a second way
 * (`options/options.ts`: `scanOptions`, `operands`, fed an `OptionShape` the registry derived from
 * the grammar) is gone; this test fails if it, or another module of scanners, comes back.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importEdges } from '../../scripts/import-cycles.js';

const SRC = resolve(import.meta.dirname, '../../src');
const SHELL = join(SRC, 'shell');
const OPTIONS = join(SHELL, 'options');

/**
 * The names the lenient scanner and what fed it were declared under (its private `resolveLong`
 * left out: zip, whose own loop matches zip's long names, has a function of that name).
 */
const SCANNER_NAMES = new Set(['scanOptions', 'operands', 'scan', 'OptionScan', 'OptionShape', 'optionShape', 'shapeOf']);

/** What `src/shell/options/` holds: the parser, and the shape of a file operand (no scanner). */
const OPTIONS_MODULES = ['file-operands.ts', 'gnu-options.ts'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The names a module's source declares at its top level (functions, classes, interfaces, types, variables). */
function declaredNames(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const node of source.statements) {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isInterfaceDeclaration(node) ||
        ts.isTypeAliasDeclaration(node)) &&
      node.name
    )
      out.push(node.name.text);
    else if (ts.isVariableStatement(node))
      for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name)) out.push(d.name.text);
  }
  return out;
}

describe('one option parser in the shell layer', () => {
  it('the lenient scanner is gone: no options.ts, and no module of src/shell declares its names', () => {
    expect(existsSync(join(OPTIONS, 'options.ts'))).toBe(false);
    const found = filesUnder(SHELL).flatMap((f) =>
      declaredNames(f)
        .filter((n) => SCANNER_NAMES.has(n))
        .map((n) => `${relative(SRC, f)}: ${n}`),
    );
    expect(found).toEqual([]);
  });

  it('src/shell/options/ holds the parser and the file-operand shape only', () => {
    expect(readdirSync(OPTIONS).sort()).toEqual(OPTIONS_MODULES);
  });

  it('every module of src/shell that reads options imports them from gnu-options.ts (or programs/parse.ts, over it)', () => {
    // Edges between modules of src/shell only: both ends are there (and the rest of src/ is not parsed).
    const edges = importEdges(SHELL).filter((e) => e.from.startsWith(SHELL + '/') && e.to.startsWith(OPTIONS + '/'));
    // The check is not vacuous: the models import the parser.
    expect(edges.some((e) => e.to === join(OPTIONS, 'gnu-options.ts'))).toBe(true);
    const stray = edges
      .filter((e) => !OPTIONS_MODULES.includes(relative(OPTIONS, e.to)))
      .map((e) => `${relative(SRC, e.from)} → ${relative(SRC, e.to)}`);
    expect(stray).toEqual([]);
  });

  it('sees a scanner that comes back', () => {
    const text = 'export interface OptionShape { posix?: boolean }\nexport function scanOptions() {}\nexport const operands = () => [];';
    expect(declaredNames('x.ts', text).filter((n) => SCANNER_NAMES.has(n))).toEqual(['OptionShape', 'scanOptions', 'operands']);
  });
});
