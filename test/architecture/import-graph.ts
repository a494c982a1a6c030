import * as fs from 'node:fs';
import * as path from 'node:path';

/** The project's own import graph, read from the sources (no tool of Node 22 needed). */
export interface ImportEdge {
  from: string;
  to: string;
  spec: string;
  /** `import type` / `export type`: erased at run time, but still a dependency of the design. */
  typeOnly: boolean;
}

export const SRC = path.resolve(__dirname, '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

const IMPORT =
  /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** A src-relative path without extension for our files, `pkg:<name>` for packages. */
function target(file: string, spec: string): string {
  if (!spec.startsWith('.')) return `pkg:${spec}`;
  const base = path.resolve(path.dirname(file), spec);
  const resolved = fs.existsSync(`${base}.ts`)
    ? `${base}.ts`
    : fs.existsSync(path.join(base, 'index.ts'))
      ? path.join(base, 'index.ts')
      : `${base}.ts`;
  return path.relative(SRC, resolved).split(path.sep).join('/');
}

export function importGraph(root = SRC): { files: string[]; edges: ImportEdge[] } {
  const files = sourceFiles(root).map((f) => path.relative(SRC, f).split(path.sep).join('/'));
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const text = fs.readFileSync(path.join(SRC, from), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[2] ?? m[3] ?? m[4];
      edges.push({ from, to: target(path.join(SRC, from), spec), spec, typeOnly: m[1] !== undefined });
    }
  }
  return { files, edges };
}

/** Strongly connected components with more than one file (Tarjan), over the given edges. */
export function cycles(files: string[], edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) if (next.has(e.to)) next.get(e.from)!.push(e.to);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found;
}
