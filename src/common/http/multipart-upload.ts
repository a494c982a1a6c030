import { CallHandler, ExecutionContext, Inject, Injectable, mixin, NestInterceptor, Type } from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type { ApiBodyOptions } from '@nestjs/swagger';
import { memoryStorage } from 'multer';
import { APP_CONFIG, AppConfig } from '../app-config';

/**
 * Multipart bodies held in memory (variable binaries and deployment resources are stored as bytes
 * anyway), each file at most `limit(config)` bytes: multer stops reading a larger one and Nest
 * answers 413 before the handler runs, so nothing is written. The limit comes from the
 * configuration, hence an injectable interceptor instead of multer's module-level constant.
 */
function multipartUpload(limit: (config: AppConfig) => number): Type<NestInterceptor> {
  @Injectable()
  class MultipartUpload implements NestInterceptor {
    private readonly multer: NestInterceptor;

    constructor(@Inject(APP_CONFIG) config: AppConfig) {
      const Multer = AnyFilesInterceptor({
        storage: memoryStorage(),
        defParamCharset: 'utf8',
        limits: { fileSize: limit(config) },
      });
      this.multer = new Multer();
    }

    intercept(context: ExecutionContext, next: CallHandler) {
      return this.multer.intercept(context, next);
    }
  }
  return mixin(MultipartUpload);
}

/** POST .../variables/{name}/data: a binary variable, held to MAX_VARIABLES_BODY like JSON variables. */
export const VARIABLE_DATA_UPLOAD = multipartUpload((config) => config.maxVariablesBody);

/** POST /task/{id}/attachment/create: uploaded content is held to MAX_VARIABLES_BODY, as binary variables are. */
export const ATTACHMENT_UPLOAD = multipartUpload((config) => config.maxVariablesBody);

/** POST /deployment/create: MAX_DEPLOYMENT_FILE per resource. */
export const DEPLOYMENT_UPLOAD = multipartUpload((config) => config.maxDeploymentFile);

/** Swagger: the binary variable form of POST .../variables/{name}/data. */
export const BINARY_VARIABLE_BODY: ApiBodyOptions = {
  schema: {
    type: 'object',
    properties: { data: { type: 'string', format: 'binary' }, valueType: { type: 'string', enum: ['Bytes', 'File'] } },
  },
};
