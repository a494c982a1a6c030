import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import express from 'express';
import { HostModule } from './host.module';

async function main(): Promise<void> {
  // bodyParser off: the engine parses its own routes with its limits; the host parses its own with its own.
  const app = await NestFactory.create(HostModule.forRoot(), { bodyParser: false });
  app.use('/orders', express.json({ limit: '2kb' }));
  await app.listen(Number(process.env.PORT ?? 3000));
}

void main();
