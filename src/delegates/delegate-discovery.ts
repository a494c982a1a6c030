import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { DELEGATE_REGISTRY, MapDelegateRegistry } from '../engine-module-options';
import { ProcessEngine } from '../engine/process-engine';
import { EXTERNAL_TASK_SUBSCRIPTION, ExternalTaskSubscriptionOptions, PROCESS_DELEGATE } from './delegate.decorators';
import { InProcessHandler, InProcessWorker } from './in-process-worker';

/**
 * The Nest side of host code: finds `@ProcessDelegate` providers (registered by name for the engine before it
 * starts) and `@ExternalTaskSubscription` methods (one in-process worker each, started with the application).
 */
@Injectable()
export class DelegateDiscovery implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly workers: InProcessWorker[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(DELEGATE_REGISTRY) private readonly registry: MapDelegateRegistry | null,
    private readonly engine: ProcessEngine,
  ) {}

  onModuleInit(): void {
    const scanner = new MetadataScanner();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | null | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.metatype) continue;
      const name = Reflect.getMetadata(PROCESS_DELEGATE, wrapper.metatype) as string | undefined;
      if (name && !this.registry)
        throw new Error(`@ProcessDelegate('${name}'): this engine runs no host code (delegates: false)`);
      if (name) this.registry?.register(name, instance);
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of scanner.getAllMethodNames(prototype)) {
        const subscription = Reflect.getMetadata(
          EXTERNAL_TASK_SUBSCRIPTION,
          (instance as Record<string, object>)[method],
        ) as (ExternalTaskSubscriptionOptions & { topic: string }) | undefined;
        if (!subscription) continue;
        const handler = ((instance as Record<string, InProcessHandler>)[method] as InProcessHandler).bind(instance);
        this.workers.push(new InProcessWorker(this.engine, subscription.topic, subscription, handler));
      }
    }
  }

  onApplicationBootstrap(): void {
    for (const worker of this.workers) worker.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    const stopping = this.workers.map((w) => w.stop());
    await this.engine.externalTasks.close();
    await Promise.all(stopping);
  }
}
