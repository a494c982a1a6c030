import { hostname } from 'node:os';
import { CommandExecutor } from '../command/command-executor';
import { Meters } from '../meters';
import { ReportMetersCmd } from './commands/report-meters.cmd';

/**
 * Writes the meters to the meter log every interval (Camunda's DbMetricsReporter), and once more when the engine
 * stops, so that nothing counted is lost at a regular shutdown. Each process reports under its own reporter id;
 * the sums over the log add the processes up.
 */
export class MeterReporter {
  private timer: NodeJS.Timeout | null = null;
  readonly reporterId: string;

  constructor(
    private readonly commands: CommandExecutor,
    private readonly meters: Meters,
    private readonly intervalMs: number,
    reporterId: string | null,
  ) {
    this.reporterId = reporterId ?? hostname();
  }

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.report().catch(() => undefined), this.intervalMs);
    this.timer.unref();
  }

  /** Writes what was counted since the last report; on failure the counts wait for the next one. */
  async report(): Promise<void> {
    const counts = this.meters.take();
    if (![...counts.values()].some((v) => v > 0)) return;
    try {
      await this.commands.execute(null, new ReportMetersCmd(this.reporterId, counts));
    } catch (err) {
      this.meters.restore(counts);
      throw err;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.report().catch(() => undefined);
  }
}
