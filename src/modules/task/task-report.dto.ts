import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { TaskCountByCandidateGroup } from '../../engine/instances/commands/task-report.cmd';

/** JSON first: what a client that names no type gets. */
export const REPORT_TYPES = ['application/json', 'application/csv', 'text/csv'] as const;

export class TaskCountByCandidateGroupResultDto {
  @ApiPropertyOptional({ nullable: true, description: 'null: the tasks without a candidate group' })
  groupName: string | null;
  @ApiProperty() taskCount: number;
}

/** The report in the media type negotiated: Camunda's DTOs as JSON, or its CSV (a header line, then one per group). */
export function candidateGroupReport(
  rows: TaskCountByCandidateGroup[],
  type: string | null,
): { type: string; body: string } {
  if (type && type !== 'application/json') {
    const lines = rows.map((r) => `${r.groupName ?? 'null'},${r.taskCount}`);
    return { type, body: ['CANDIDATE_GROUP_NAME,TASK_COUNT', ...lines].join('\n') + '\n' };
  }
  const dtos: TaskCountByCandidateGroupResultDto[] = rows.map((r) => ({
    groupName: r.groupName,
    taskCount: r.taskCount,
  }));
  return { type: 'application/json', body: JSON.stringify(dtos) };
}
