import type { Response } from 'express';

/** Sends bytes as Camunda does for resources and diagrams: media type plus an attachment disposition. */
export function sendBinary(res: Response, bytes: Buffer, fileName: string, mediaType: string): void {
  const last = fileName.split('/').pop() ?? fileName;
  res.status(200);
  res.setHeader('Content-Type', mediaType);
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${last.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(last)}`,
  );
  res.end(bytes);
}
