import { MeterLogEntity } from '../../persistence/entities/runtime/meter-log.entity';
import { CommandContext } from '../command/command-context';
import { newId } from '../util/ids';

/** The one place that writes the meter log (Camunda's MeterLogManager). */
export class MeterLogManager {
  constructor(private readonly ctx: CommandContext) {}

  /** One row per metric that counted anything: what `reporter` counted since its last report, stamped now. */
  insertReport(reporter: string, counts: Map<string, number>): void {
    const now = this.ctx.now();
    for (const [name, value] of counts) {
      if (value === 0) continue;
      this.ctx.uow.insert(
        MeterLogEntity,
        Object.assign(new MeterLogEntity(), {
          id: newId(),
          name,
          reporter,
          value,
          timestamp: now,
          milliseconds: now.getTime(),
        }),
      );
    }
  }
}
