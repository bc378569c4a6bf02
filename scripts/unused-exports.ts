// `npm run lint`'s unused-export check: an export of a file under src/ that no file of the project
// (src/, test/, bench/, scripts/, examples/) imports and no package entry passes on is dead API or
// should not be exported. Prints each as `file: name` and exits 1. Run: node --import tsx scripts/unused-exports.ts
import { relative } from 'node:path';
import ts from 'typescript';

const projectRoot = new URL('..', import.meta.url).pathname;
/** The package entries and the programs: what they export is the product, not a finding. */
const ENTRIES = new Set([
  'src/index.ts',
  'src/core-entry.ts',
  'src/auth-entry.ts',
  'src/stdio-entry.ts',
  'src/cli/bin.ts',
  'src/demo/main.ts',
]);

function loadProgram(root: string): ts.Program {
  const configPath = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json') as string;
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return ts.createProgram(parsed.fileNames, parsed.options);
}

/** The symbol an alias (import, re-export) finally stands for. */
function target(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function markModule(checker: ts.TypeChecker, specifier: ts.Expression, used: Set<ts.Symbol>): void {
  const module = checker.getSymbolAtLocation(specifier);
  if (module) for (const e of checker.getExportsOfModule(module)) used.add(target(checker, e));
}

function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (parent as ts.NamedDeclaration).name === node || ts.isExportSpecifier(parent);
}

/** Every symbol some file imports or re-exports by name; whole modules for `* as`, `export *`, import(). */
function usedSymbols(program: ts.Program, checker: ts.TypeChecker): Set<ts.Symbol> {
  const used = new Set<ts.Symbol>();
  let names = new Set<string>();
  const mark = (node: ts.Node) => {
    const symbol = checker.getSymbolAtLocation(node);
    if (symbol) used.add(target(checker, symbol));
  };
  const visit = (node: ts.Node): void => {
    // Used in its own file beyond its declaration (a type in an exported signature): not dead.
    if (ts.isIdentifier(node) && names.has(node.text) && !isDeclarationName(node)) mark(node);
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (ts.isImportDeclaration(node) && node.importClause?.name) mark(node.importClause.name);
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
        for (const element of bindings.elements) mark(element.name);
      } else if (node.moduleSpecifier) markModule(checker, node.moduleSpecifier, used);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier) markModule(checker, specifier, used);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      markModule(checker, node.argument.literal, used);
    }
    ts.forEachChild(node, visit);
  };
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile) continue;
    const module = checker.getSymbolAtLocation(file);
    names = new Set(module ? checker.getExportsOfModule(module).map((e) => e.name) : []);
    visit(file);
  }
  return used;
}

/** `file: name` for each unused export under `root`/src (the project's tsconfig.json says which files count). */
export function unusedExports(root = projectRoot): string[] {
  const program = loadProgram(root);
  const checker = program.getTypeChecker();
  const used = usedSymbols(program, checker);
  const found: string[] = [];
  for (const file of program.getSourceFiles()) {
    const path = relative(root, file.fileName);
    if (!path.startsWith('src/') || ENTRIES.has(path) || file.isDeclarationFile) continue;
    const module = checker.getSymbolAtLocation(file);
    if (!module) continue;
    for (const e of checker.getExportsOfModule(module)) {
      if (!used.has(target(checker, e))) found.push(`${path}: ${e.name}`);
    }
  }
  return found.sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = unusedExports(projectRoot);
  for (const line of found) process.stderr.write(`unused export ${line}\n`);
  process.exitCode = found.length > 0 ? 1 : 0;
}
