import { existsSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';

/** The console's own pages, scripts and styles; copied next to the compiled module by `npm run build`. */
export const PUBLIC_DIR = join(__dirname, 'public');

/**
 * The diagram viewers are served from the installed packages (their prebuilt UMD bundles and CSS),
 * so the console loads nothing from the internet and needs no bundler.
 */
const VENDOR_DIRS: Record<string, string> = {
  'bpmn-js': join(dirname(require.resolve('bpmn-js/package.json')), 'dist'),
  'dmn-js': join(dirname(require.resolve('dmn-js/package.json')), 'dist'),
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** A file strictly inside `root`, or null: `..`, encoded separators and absolute paths never leave it. */
function inside(root: string, relative: string): string | null {
  if (relative.includes('\0')) return null;
  const file = normalize(join(root, relative));
  if (!file.startsWith(root + sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

/**
 * What a path below /console/ names: a vendor asset (`vendor/<package>/...`), one of the console's files,
 * or, for anything without a file extension, the single page (the client routes by URL).
 * Null is a 404 (a missing script or stylesheet must not turn into HTML).
 */
export function resolveConsoleFile(path: string): string | null {
  const vendor = /^vendor\/([^/]+)\/(.+)$/.exec(path);
  if (vendor) {
    const root = VENDOR_DIRS[vendor[1]];
    return root ? inside(root, vendor[2]) : null;
  }
  if (path === '' || extname(path) === '') return join(PUBLIC_DIR, 'index.html');
  return inside(PUBLIC_DIR, path);
}
