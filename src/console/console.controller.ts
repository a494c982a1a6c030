import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { contentTypeOf, resolveConsoleFile } from './console-files';

export const CONSOLE_PATH = 'console';

/**
 * Only the console's own origin. bpmn-js and dmn-js write inline `<style>` and `style` attributes (canvas
 * zoom, overlay positions, table column widths), which Chromium reports as CSP violations and drops without
 * `style-src 'unsafe-inline'`; scripts stay limited to our own files.
 */
export const CONSOLE_CSP =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** The web console: static files with no server-side auth; every data call goes to /engine-rest with the user's credentials. */
@ApiExcludeController()
@Controller(CONSOLE_PATH)
export class ConsoleController {
  /** Express matches `/console` and `/console/` alike; only the first is sent on, so that relative URLs resolve below /console/. */
  @Get()
  root(@Req() req: Request, @Res() res: Response): void {
    if (!req.path.endsWith('/')) return res.redirect(301, `/${CONSOLE_PATH}/`);
    this.send(req, res, '');
  }

  @Get('*path')
  file(@Req() req: Request, @Res() res: Response): void {
    const relative = decodePath(req.path.slice(CONSOLE_PATH.length + 2));
    if (relative === null) throw new NotFoundException(`No console file ${req.path}`);
    this.send(req, res, relative);
  }

  private send(req: Request, res: Response, relative: string): void {
    const file = resolveConsoleFile(relative);
    if (!file) throw new NotFoundException(`No console file ${req.path}`);
    res.setHeader('Content-Security-Policy', CONSOLE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Type', contentTypeOf(file));
    // Pages and app scripts change with each release; the vendor bundles are versioned by the lockfile.
    res.setHeader('Cache-Control', relative.startsWith('vendor/') ? 'public, max-age=3600' : 'no-cache');
    res.sendFile(file);
  }
}

function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
