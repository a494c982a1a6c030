import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type { ApiBodyOptions } from '@nestjs/swagger';
import { memoryStorage } from 'multer';

/** Multipart bodies held in memory (variable binaries are stored as bytes anyway). */
export const MULTIPART_UPLOAD = AnyFilesInterceptor({ storage: memoryStorage(), defParamCharset: 'utf8', limits: { fileSize: 50 * 1024 * 1024 } });

/** Swagger: the binary variable form of POST .../variables/{name}/data. */
export const BINARY_VARIABLE_BODY: ApiBodyOptions = {
  schema: { type: 'object', properties: { data: { type: 'string', format: 'binary' }, valueType: { type: 'string', enum: ['Bytes', 'File'] } } },
};
