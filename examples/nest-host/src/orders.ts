import {
  ArgumentsHost,
  Body,
  Catch,
  Controller,
  ExceptionFilter,
  Get,
  Injectable,
  Post,
  UseFilters,
} from '@nestjs/common';
import type { Response } from 'express';
import {
  BpmnError,
  type DelegateExecution,
  ExternalTaskSubscription,
  type InProcessTask,
  type InProcessTaskService,
  ProcessDelegate,
  ProcessEngine,
  untypedValue,
} from 'camunda7-engine-nest';

/** The host's own error, answered by the host's own filter (the engine's error shape never reaches /orders). */
export class OrderRejected extends Error {}

@Catch(OrderRejected)
export class OrderRejectedFilter implements ExceptionFilter {
  catch(err: OrderRejected, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(422).json({ rejected: err.message });
  }
}

/** `camunda:delegateExpression="${sendEmail}"` (and `camunda:class="com.acme.SendEmail"` when registered under that name). */
@Injectable()
@ProcessDelegate('sendEmail')
export class SendEmail {
  readonly sent: string[] = [];

  async execute(execution: DelegateExecution): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const to = execution.getVariable('customer');
    if (to === 'nobody') throw new BpmnError('NO_ADDRESS', 'the order has no customer');
    if (to === 'crash') throw new Error('mail server down');
    this.sent.push(String(to));
    execution.setVariable?.('mailed', true);
  }
}

/** A bean whose methods models call: `${orderService.reserve(execution, amount)}`. */
@Injectable()
@ProcessDelegate('orderService')
export class OrderService {
  reserve(execution: DelegateExecution, amount: number): number {
    execution.setVariable?.('reservedFor', execution.processBusinessKey);
    return amount * 2;
  }
}

/** An execution listener: `camunda:delegateExpression="${audit}"`. */
@Injectable()
@ProcessDelegate('audit')
export class Audit {
  readonly events: string[] = [];

  notify(execution: DelegateExecution): void {
    this.events.push(`${execution.eventName}:${execution.currentActivityId}`);
  }
}

/** An in-process worker: the tasks of topic `ship` reach it without HTTP. */
@Injectable()
export class ShippingWorker {
  readonly handled: string[] = [];

  @ExternalTaskSubscription('ship', { lockDuration: 10_000 })
  async ship(task: InProcessTask, service: InProcessTaskService): Promise<void> {
    this.handled.push(task.id);
    await service.complete(task, { shipped: true });
  }
}

/** The host's own route: its own body limit (set in main.ts), its own filter, no engine authentication. */
@Controller('orders')
@UseFilters(OrderRejectedFilter)
export class OrdersController {
  constructor(private readonly engine: ProcessEngine) {}

  @Post()
  async place(@Body() body: { customer?: string; amount?: number }): Promise<{ processInstanceId: string }> {
    if (!body?.customer) throw new OrderRejected('customer missing');
    // `null`: the host acts as the system, without the engine's authorization checks.
    const started = await this.engine.runtime.startProcessInstance(null, {
      key: 'order',
      businessKey: `order-${Date.now()}`,
      variables: { customer: untypedValue(body.customer), amount: untypedValue(body.amount ?? 1) },
    });
    return { processInstanceId: started.id };
  }

  @Get('ping')
  ping(): { ok: true } {
    return { ok: true };
  }
}
