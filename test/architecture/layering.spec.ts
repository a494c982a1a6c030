import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The one-way flow of ARCHITECTURE.md, enforced: modules -> engine -> persistence, never back up;
 * the engine stays free of Nest and HTTP; resource modules do not reach into each other.
 */
const SRC = path.resolve(__dirname, '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push(m[1] ?? m[2] ?? m[3]);
  }
  return found;
}

/** Where an import points: a src-relative path for our files, the package name otherwise. */
function target(file: string, spec: string): string {
  if (!spec.startsWith('.')) return `pkg:${spec}`;
  return path.relative(SRC, path.resolve(path.dirname(file), spec)).split(path.sep).join('/');
}

const violations: string[] = [];
for (const file of sourceFiles(SRC)) {
  const rel = path.relative(SRC, file).split(path.sep).join('/');
  for (const spec of imports(file)) {
    const to = target(file, spec);
    if (rel.startsWith('engine/')) {
      if (/^(modules|common)\//.test(to) || /^pkg:(@nestjs|express)/.test(to) || to === 'app.module' || to === 'engine.module') {
        violations.push(`${rel} -> ${spec} (the engine must not depend on Nest, HTTP or resource modules)`);
      }
    }
    if (rel.startsWith('persistence/') && /^(engine|modules|common)\//.test(to)) {
      violations.push(`${rel} -> ${spec} (persistence must not depend on the engine or the REST layer)`);
    }
    const own = /^modules\/([^/]+)\//.exec(rel)?.[1];
    const other = /^modules\/([^/]+)\//.exec(to)?.[1];
    if (own && other && own !== other) violations.push(`${rel} -> ${spec} (resource modules must not reach into each other; share through common/ or engine/)`);
  }
}

describe('layering', () => {
  it('keeps the one-way flow modules -> engine -> persistence', () => {
    expect(violations).toEqual([]);
  });
});
