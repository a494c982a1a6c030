import { Injectable } from '@nestjs/common';
import { badRequest } from '../../common/errors/rest-error';
import { Link, LinkBuilder } from '../../common/http/links';
import { TaskDto } from '../../common/dto/task.dto';
import { ParsedQuery, parsePostQuery } from '../../common/query/parse-query';
import { ListSource, ResourceQuery } from '../../common/query/resource-query';
import { TASK_EXPRESSION_TARGETS, TASK_LIST, TASK_QUERY, validateTaskQuery } from '../../common/query/task-query';
import { Authentication } from '../../engine/command/authentication';
import { Filter, FilterData, TASK_FILTER } from '../../engine/filter/filter-types';
import { ProcessEngine } from '../../engine/process-engine';
import { FilterEntity } from '../../persistence/entities/runtime/filter.entity';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';
import { CreateFilterDto, FilterDto, toFilterDto } from './filter.dto';
import { FILTER_LIST } from './filter.query';

/** Criteria whose values an extending query adds to the saved ones instead of replacing them. */
const CUMULATIVE = new Set(['taskVariables', 'processVariables', 'caseInstanceVariables', 'orQueries']);
const SORTING = ['sorting', 'sortBy', 'sortOrder'];

/**
 * Camunda's TaskQuery.extend: what the extending query sets replaces the saved criterion (also its
 * expression form, and the other way round); variable conditions and or-queries add up; its
 * sorting, when it has one, replaces the saved sorting.
 */
export function extendTaskQuery(
  saved: Record<string, unknown>,
  extension: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...saved };
  if (SORTING.some((key) => extension[key] != null)) for (const key of SORTING) delete out[key];
  for (const [key, value] of Object.entries(extension)) {
    if (value == null) continue;
    if (CUMULATIVE.has(key)) {
      out[key] = [...(Array.isArray(saved[key]) ? (saved[key] as unknown[]) : []), ...(value as unknown[])];
      continue;
    }
    const base = TASK_EXPRESSION_TARGETS[key] ?? key;
    delete out[base];
    delete out[`${base}Expression`];
    out[key] = value;
  }
  return out;
}

export type FilterExecution = 'list' | 'count' | 'singleResult';

@Injectable()
export class FilterRestService {
  readonly rows: ResourceQuery<FilterEntity, FilterDto>;
  private readonly tasks: ResourceQuery<TaskEntity, TaskDto>;
  /** GET /filter and its count: the filters the caller may read, with `itemCount` on request. */
  readonly listed: ListSource<FilterDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, FILTER_LIST);
    this.tasks = new ResourceQuery(engine, TASK_LIST);
    this.listed = {
      list: async (auth, q) => {
        const filters = await this.rows.list(auth, q);
        return q.filters.itemCount === true ? Promise.all(filters.map((f) => this.withItemCount(auth, f))) : filters;
      },
      count: (auth, q) => this.rows.count(auth, q),
    };
  }

  async create(auth: Authentication | null, dto: CreateFilterDto): Promise<FilterDto> {
    if (dto.resourceType !== TASK_FILTER)
      throw badRequest(`Unable to create filter with invalid resource type '${dto.resourceType ?? null}'`);
    if (dto.query != null) validateTaskQuery(dto.query);
    return toFilterDto(await this.engine.filters.create(auth, filterData(dto)));
  }

  async get(auth: Authentication | null, id: string, itemCount: boolean): Promise<FilterDto> {
    const dto = toFilterDto(await this.engine.filters.get(auth, id));
    return itemCount ? this.withItemCount(auth, dto) : dto;
  }

  async update(auth: Authentication | null, id: string, dto: CreateFilterDto): Promise<void> {
    const filter = await this.engine.filters.get(auth, id);
    if (dto.resourceType != null && dto.resourceType !== filter.resourceType) {
      throw badRequest(`Unable to update filter from resource type '${filter.resourceType}' to '${dto.resourceType}'`);
    }
    if (dto.query != null) validateTaskQuery(dto.query);
    await this.engine.filters.update(auth, id, filterData(dto));
  }

  delete(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.filters.delete(auth, id);
  }

  /**
   * Runs the saved query, extended by `extension` (POST), over the tasks the caller may read.
   * `singleResult`: the task, null for none, Camunda's 400 for several.
   */
  async execute(
    auth: Authentication | null,
    id: string,
    how: FilterExecution,
    extension: unknown,
    paging: Record<string, unknown> = {},
  ): Promise<TaskDto[] | TaskDto | { count: number } | null> {
    const filter = await this.engine.filters.get(auth, id);
    let query = filter.query;
    if (
      extension != null &&
      !(typeof extension === 'object' && !Array.isArray(extension) && Object.keys(extension).length === 0)
    ) {
      validateTaskQuery(extension, 'Filter cannot be extended by an invalid query');
      query = extendTaskQuery(query, extension as Record<string, unknown>);
    }
    if (how === 'count') return this.tasks.count(auth, this.parse(filter, query, {}, false));
    if (how === 'list') return this.tasks.list(auth, this.parse(filter, query, paging, true));
    // Two rows tell one from several; Camunda's results limit is not about this look.
    const found = await this.tasks.list(
      auth,
      { ...this.parse(filter, query, {}, true), firstResult: 0, maxResults: 2 },
      { unlimited: true },
    );
    if (found.length > 1) throw badRequest('Filter does not returns a valid single result');
    return found[0] ?? null;
  }

  /** OPTIONS link lists, in Camunda's order, with only what the caller may do. */
  async options(auth: Authentication | null, links: LinkBuilder, id?: string): Promise<{ links: Link[] }> {
    const held = await this.engine.filters.permissions(auth, id ?? null);
    const result: Link[] = [];
    if (id === undefined) {
      result.push(links.link('GET', '/filter', 'list'), links.link('GET', '/filter/count', 'count'));
      if (held.has('CREATE')) result.push(links.link('POST', '/filter/create', 'create'));
      return { links: result };
    }
    const path = `/filter/${encodeURIComponent(id)}`;
    if (held.has('READ')) {
      result.push(links.link('GET', path, 'self'));
      for (const rel of ['singleResult', 'list', 'count']) {
        result.push(links.link('GET', `${path}/${rel}`, rel), links.link('POST', `${path}/${rel}`, rel));
      }
    }
    if (held.has('DELETE')) result.push(links.link('DELETE', path, 'delete'));
    if (held.has('UPDATE')) result.push(links.link('PUT', path, 'update'));
    return { links: result };
  }

  private parse(
    filter: Filter,
    query: Record<string, unknown>,
    paging: Record<string, unknown>,
    withSorting: boolean,
  ): ParsedQuery {
    if (filter.resourceType !== TASK_FILTER)
      throw badRequest(`Invalid query for resource type '${filter.resourceType}'`);
    return parsePostQuery(TASK_QUERY, query, paging, withSorting);
  }

  private async withItemCount(auth: Authentication | null, dto: FilterDto): Promise<FilterDto> {
    const filter: Filter = { ...dto, owner: dto.owner ?? null, properties: dto.properties ?? null };
    const { count } = await this.tasks.count(auth, this.parse(filter, dto.query, {}, false));
    return { ...dto, itemCount: count };
  }
}

function filterData(dto: CreateFilterDto): FilterData {
  return {
    resourceType: dto.resourceType ?? null,
    name: dto.name ?? null,
    owner: dto.owner ?? null,
    query: dto.query ?? null,
    properties: dto.properties ?? null,
  };
}
