import { ApiProperty } from '@nestjs/swagger';

/** Camunda's SchemaLogEntryDto: one applied schema change. */
export class SchemaLogEntryDto {
  @ApiProperty() id: string;
  @ApiProperty({ example: '2026-01-23T14:42:45.000+0000' }) timestamp: string | null;
  @ApiProperty({ description: 'The name of the applied migration' }) version: string;
}
