// For the TypeORM CLI (`npx typeorm -d dist/ormconfig.js migration:run` and friends).
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/persistence/data-source';

export default new DataSource(dataSourceOptions(process.env.DATABASE_URL || 'sqlite:./data/engine.sqlite'));
