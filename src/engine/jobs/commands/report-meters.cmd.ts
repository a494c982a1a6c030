import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { MeterLogManager } from '../meter-log.manager';

/** Writes one report of this process's meters (Camunda's ReportDbMetricsCmd). */
export class ReportMetersCmd implements Command<void, CommandContext> {
  constructor(
    private readonly reporter: string,
    private readonly counts: Map<string, number>,
  ) {}

  async execute(ctx: CommandContext): Promise<void> {
    ctx.manager(MeterLogManager).insertReport(this.reporter, this.counts);
  }
}
