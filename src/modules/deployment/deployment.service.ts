import { Injectable } from '@nestjs/common';
import { badRequest, notFound } from '../../common/errors/rest-error';
import { LinkBuilder } from '../../common/http/links';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { mediaTypeOf } from '../../engine/repository/resource-kinds';
import { DeploymentEntity } from '../../persistence/entities/repository/deployment.entity';
import {
  DeploymentDto,
  DeploymentResourceDto,
  DeploymentWithDefinitionsDto,
  RedeploymentDto,
  toDeploymentDto,
  toDeploymentResourceDto,
  toDeploymentWithDefinitionsDto,
} from './deployment.dto';
import { DEPLOYMENT_LIST } from './deployment.query';
import { ResourceQuery } from '../../common/query/resource-query';

const RESERVED = new Set([
  'deployment-name',
  'deployment-activation-time',
  'enable-duplicate-filtering',
  'deploy-changed-only',
  'deployment-source',
  'tenant-id',
]);

export interface UploadedPart {
  originalname: string;
  buffer: Buffer;
}

function flag(value: unknown): boolean {
  return typeof value === 'string' && value.trim().toLowerCase() === 'true';
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

@Injectable()
export class DeploymentService {
  readonly rows: ResourceQuery<DeploymentEntity, DeploymentDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, DEPLOYMENT_LIST);
  }

  async registered(auth: Authentication | null): Promise<string[]> {
    // Every instance executes the jobs of every deployment, so all deployments are registered here.
    return (await this.rows.read(auth, (qb) => qb.orderBy('d.id').getMany())).map((d) => d.id);
  }

  async create(
    auth: Authentication | null,
    links: LinkBuilder,
    fields: Record<string, unknown>,
    files: UploadedPart[],
  ): Promise<DeploymentWithDefinitionsDto> {
    for (const name of Object.keys(fields ?? {})) {
      if (!RESERVED.has(name))
        throw badRequest(`No file name found in the deployment resource described by form parameter 'null'.`);
    }
    if (!files?.length) throw badRequest('No deployment resources contained in the form upload.');
    let activationTime: Date | null = null;
    const activation = text(fields['deployment-activation-time']);
    if (activation) {
      activationTime = new Date(activation.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
      if (Number.isNaN(activationTime.getTime()))
        throw badRequest(`Cannot parse deployment-activation-time '${activation}'`);
    }
    const result = await this.engine.repository.deploy(auth, {
      name: text(fields['deployment-name']),
      source: text(fields['deployment-source']),
      tenantId: text(fields['tenant-id']),
      enableDuplicateFiltering: flag(fields['enable-duplicate-filtering']),
      deployChangedOnly: flag(fields['deploy-changed-only']),
      activationTime,
      resources: files.map((f) => ({ name: f.originalname, bytes: f.buffer })),
    });
    return toDeploymentWithDefinitionsDto(result, links);
  }

  async get(auth: Authentication | null, id: string): Promise<DeploymentDto> {
    const d = await this.engine.repository.getDeployment(auth, id);
    if (!d) throw notFound(`Deployment with id '${id}' does not exist`);
    return toDeploymentDto(d);
  }

  async delete(auth: Authentication | null, id: string, query: Record<string, unknown>): Promise<void> {
    await this.engine.repository.deleteDeployment(auth, id, query.cascade === 'true');
  }

  async redeploy(
    auth: Authentication | null,
    links: LinkBuilder,
    id: string,
    dto: RedeploymentDto,
  ): Promise<DeploymentWithDefinitionsDto> {
    const request = { resourceIds: dto.resourceIds, resourceNames: dto.resourceNames, source: dto.source };
    return toDeploymentWithDefinitionsDto(await this.engine.repository.redeploy(auth, id, request), links);
  }

  async resources(auth: Authentication | null, id: string): Promise<DeploymentResourceDto[]> {
    const resources = await this.engine.repository.getResources(auth, id);
    if (!resources.length) throw notFound(`Deployment resources for deployment id '${id}' do not exist.`);
    return resources.map(toDeploymentResourceDto);
  }

  async resource(auth: Authentication | null, id: string, resourceId: string): Promise<DeploymentResourceDto> {
    const found = (await this.engine.repository.getResources(auth, id)).find((r) => r.id === resourceId);
    if (!found)
      throw notFound(`Deployment resource with resource id '${resourceId}' for deployment id '${id}' does not exist.`);
    return toDeploymentResourceDto(found);
  }

  async resourceData(
    auth: Authentication | null,
    id: string,
    resourceId: string,
  ): Promise<{ bytes: Buffer; name: string; mediaType: string }> {
    const found = (await this.engine.repository.getResources(auth, id)).find((r) => r.id === resourceId);
    if (!found) throw notFound(`Deployment resource '${resourceId}' for deployment id '${id}' does not exist.`);
    const name = found.name ?? found.id;
    return { bytes: Buffer.from(found.bytes ?? []), name, mediaType: mediaTypeOf(name) };
  }
}
