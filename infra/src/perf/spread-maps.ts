/**
 * Lists the object literals of the server's code that begin with a spread and then add a key the
 * spread may not bring (`{ ...event, at }`): in Node 20 each object such a literal makes, once it
 * is warm, gets a hidden class of its own (contracts/src/objects.ts, docs/performance.md "One
 * hidden class per event"). On a hot path, build it with `withFields` instead.
 *
 *   npx tsx infra/src/perf/spread-maps.ts [path prefix…]
 *
 * A key counts as added when the spread's type lacks it or has it optional (it may be absent at
 * run time). Tests and the browser's code are left out (the browser's engines differ).
 */
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../../..');
const prefixes = process.argv.slice(2);
const config = ts.readConfigFile(path.join(root, 'tsconfig.json'), (file) => ts.sys.readFile(file));
const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
const program = ts.createProgram(parsed.fileNames, parsed.options);
const checker = program.getTypeChecker();

/** Whether every value of `type` surely has the key `name`. */
const surelyHas = (type: ts.Type, name: string): boolean =>
  (type.isUnion() ? type.types : [type]).every((member) => {
    const property = checker.getPropertyOfType(checker.getApparentType(member), name);
    return property !== undefined && (property.flags & ts.SymbolFlags.Optional) === 0;
  });

/** The keys a literal adds after its leading spread; none when it does not begin with one. */
const addedKeys = (literal: ts.ObjectLiteralExpression): string[] => {
  const [first, ...rest] = literal.properties;
  if (!first || !ts.isSpreadAssignment(first)) return [];
  const base = checker.getTypeAtLocation(first.expression);
  return rest.flatMap((property) => {
    if (ts.isSpreadAssignment(property)) {
      const spread = checker.getApparentType(checker.getTypeAtLocation(property.expression));
      return checker
        .getPropertiesOfType(spread)
        .filter((key) => !surelyHas(base, key.name))
        .map((key) => `...${key.name}`);
    }
    const name = property.name;
    if (!name || !(ts.isIdentifier(name) || ts.isStringLiteral(name))) return ['[computed]'];
    return surelyHas(base, name.text) ? [] : [name.text];
  });
};

const found: string[] = [];
for (const file of program.getSourceFiles()) {
  const relative = path.relative(root, file.fileName);
  if (file.isDeclarationFile || relative.startsWith('node_modules') || relative.startsWith('frontend'))
    continue;
  if (/\.test\.tsx?$/.test(relative)) continue;
  if (prefixes.length > 0 && !prefixes.some((prefix) => relative.startsWith(prefix))) continue;
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const keys = addedKeys(node);
      if (keys.length > 0) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
        found.push(`${relative}:${line + 1}: ${keys.join(', ')}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}
process.stdout.write(found.map((line) => `${line}\n`).join(''));
process.stderr.write(`${found.length} object literals begin with a spread and add keys\n`);
